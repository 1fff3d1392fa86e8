import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const ProfilePage = lazy(() => import('./components/profile-page'));

export const profileWeb = {
  name: 'profile',
  pages: [{ path: '/profile', page: ProfilePage, title: 'User Profile' }],
  tagTypes: ['Profile', 'NotificationPreferences'] as const,
  collectionTags: {},
  slots: {},
} satisfies WebManifest;
