import { webManifests } from './features';

/**
 * A tag type of the app: each is declared by the web feature whose read model it caches. Read
 * from the manifests' types, so a page or slot they load needs an explicit return type when its
 * body reads an endpoint (else TypeScript reports a circular `api`).
 */
export type TagType = (typeof webManifests)[number]['tagTypes'][number];

/** Every RTK Query tag type of the app; features provide and invalidate these. */
export const TAG_TYPES: readonly TagType[] = webManifests.flatMap((feature): readonly TagType[] => feature.tagTypes);

export const isTagType = (name: string): name is TagType => (TAG_TYPES as readonly string[]).includes(name);

export const LIST = 'LIST';
