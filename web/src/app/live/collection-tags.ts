import { isLiveCollection, type LiveCollection } from '@locus/contracts';
import { webManifests } from '../features';
import { isTagType, LIST, type TagType } from '../tag-types';

const tagsOf = (collection: string, names: readonly string[]): readonly TagType[] =>
  names.map((name) => {
    if (!isTagType(name)) throw new Error(`Live collection ${collection} names an undeclared tag type: ${name}`);
    return name;
  });

/**
 * Which tags a change in each read-model collection touches, keyed by the contracts' collection
 * names, from the web features' manifests. The first tag is the collection's own type: its
 * documents and lists; the others are views derived from it, refreshed whole.
 */
export const COLLECTION_TAGS: Readonly<Partial<Record<LiveCollection, readonly TagType[]>>> = Object.fromEntries(
  webManifests.flatMap((feature) => Object.entries(feature.collectionTags).map(([collection, names]) => [collection, tagsOf(collection, names)])),
);

export const tagTypesForCollection = (collection: string): readonly TagType[] => (isLiveCollection(collection) ? (COLLECTION_TAGS[collection] ?? []) : []);

export type TagToInvalidate = TagType | { type: TagType; id: string };

/**
 * Tags to invalidate for one changed-message: for the collection's own type each document
 * and, once, the lists of its kind; views derived from it are refreshed whole. A message that
 * says `many` (too many ids to list) refreshes the collection's tags whole.
 */
export const tagsForChange = (collection: string, ids: readonly string[], many = false): TagToInvalidate[] => {
  const [primary, ...derived] = tagTypesForCollection(collection);
  if (!primary) return [];
  if (many) return [primary, ...derived];
  const own: TagToInvalidate[] = [...ids.map((id) => ({ type: primary, id })), { type: primary, id: LIST }];
  return [...own, ...derived];
};
