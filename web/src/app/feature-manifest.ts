import type { ComponentType, LazyExoticComponent } from 'react';
import type { LiveCollection } from '@locus/contracts';
import type { FeatureSlots } from './feature-slots';
import type { GuardedPath } from './route-access';

/** A screen of the app: its path (guarded as route-access.ts says), its title, its page loaded on first visit. */
export interface WebPage {
  path: GuardedPath;
  title: string;
  page: LazyExoticComponent<ComponentType>;
}

/**
 * What one web feature adds to the app (web/src/app/features.ts lists them): its screens, the
 * RTK Query tag types its cached answers carry, the tags a live change of each read-model
 * collection it shows touches (its own type first: the documents and lists; then views derived
 * from it, refreshed whole), and the slots it fills in other features' screens.
 */
export interface WebManifest {
  name: string;
  pages: readonly WebPage[];
  tagTypes: readonly string[];
  collectionTags: Partial<Record<LiveCollection, readonly string[]>>;
  slots: FeatureSlots;
}
