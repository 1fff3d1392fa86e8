import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const BrandSettingsPage = lazy(() => import('./components/brand-settings-page'));
const ApproveReviewPage = lazy(() => import('./components/approve-review-page'));

export const reviewsAiWeb = {
  name: 'reviews-ai',
  pages: [
    { path: '/brandsettings', page: BrandSettingsPage, title: 'Brand Settings' },
    { path: '/approve-review', page: ApproveReviewPage, title: 'Approve Review' },
  ],
  tagTypes: ['AiSettings', 'BrandSettings', 'ReviewAutomation'] as const,
  collectionTags: {
    'reviews-ai-settings': ['AiSettings'],
    'brand-settings': ['BrandSettings'],
    'review-automation': ['ReviewAutomation'],
  },
  slots: {
    reviewsAiPanel: lazy(() => import('./components/ai-settings-panel').then((m) => ({ default: m.AiSettingsPanel }))),
  },
} satisfies WebManifest;
