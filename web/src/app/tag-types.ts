import { webManifests } from './features';

/** A tag type of the app: each is declared by the web feature whose read model it caches. */
export type TagType = (typeof webManifests)[number]['tagTypes'][number];

/** Every RTK Query tag type of the app; features provide and invalidate these. */
export const TAG_TYPES: readonly TagType[] = webManifests.flatMap((feature): readonly TagType[] => feature.tagTypes);

export const isTagType = (name: string): name is TagType => (TAG_TYPES as readonly string[]).includes(name);

export const LIST = 'LIST';
