import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const TemplatesPage = lazy(() => import('./components/templates-page'));

export const templatesWeb = {
  name: 'templates',
  pages: [{ path: '/location-template', page: TemplatesPage, title: 'Location Post Templates' }],
  tagTypes: ['PostTemplate', 'PostTemplateLog'] as const,
  collectionTags: {
    'post-templates': ['PostTemplate'],
    'post-template-logs': ['PostTemplateLog'],
  },
  slots: {},
} satisfies WebManifest;
