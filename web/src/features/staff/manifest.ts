import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const StaffPage = lazy(() => import('./components/staff-page'));

export const staffWeb = {
  name: 'staff',
  pages: [{ path: '/staff', page: StaffPage, title: 'Staff' }],
  tagTypes: ['Staff'] as const,
  collectionTags: {
    staff: ['Staff'],
  },
  slots: {},
} satisfies WebManifest;
