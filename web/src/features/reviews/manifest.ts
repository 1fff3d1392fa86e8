import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const CompanyReviewsPage = lazy(() => import('./components/company-reviews-page'));

export const reviewsWeb = {
  name: 'reviews',
  pages: [{ path: '/company-reviews', page: CompanyReviewsPage, title: 'Reviews' }],
  tagTypes: ['Review', 'ReviewSummary', 'ReviewGrowth'] as const,
  collectionTags: {
    reviews: ['Review'],
    'review-location-stats': ['ReviewSummary', 'Location'],
    'review-company-stats': ['ReviewSummary', 'Dashboard'],
    'review-growth': ['ReviewGrowth'],
  },
  slots: {
    locationReviews: lazy(() => import('./components/location-reviews-section').then((m) => ({ default: m.LocationReviewsSection }))),
  },
} satisfies WebManifest;
