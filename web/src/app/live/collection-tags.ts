import type { TagType } from '../tag-types';
import { LIST } from '../tag-types';

/**
 * Which tags a changed read-model collection touches. Collection names belong to the projectors;
 * they are matched loosely (case, separators and a version suffix ignored), first rule wins.
 */
const RULES: ReadonlyArray<readonly [RegExp, readonly TagType[]]> = [
  [/userlocation|locationuser|locationassociation/, ['UserLocation', 'Location']],
  [/adminvariable|adminmetadata/, ['AdminVariable', 'AdminLevelVariable', 'CompanyVariable']],
  [/companyvariable|metadata|variable/, ['CompanyVariable', 'AdminLevelVariable']],
  [/companyadmin/, ['CompanyAdmin', 'User', 'Company']],
  [/compan/, ['Company', 'CompanyDropdown', 'CompanyName', 'CompanyAdmin']],
  [/staff/, ['Staff']],
  [/azure/, ['AzureUser', 'AzureCredentials']],
  [/profile/, ['Profile']],
  [/user/, ['User', 'CompanyAdmin', 'Profile', 'Staff']],
  [/posttemplate|templatelog/, ['PostTemplate']],
  [/locationdefault/, ['LocationDefault']],
  [/aisetting|reviewsetting/, ['AiSettings']],
  [/review/, ['Review', 'Dashboard']],
  [/gmbaccount|connectedaccount|connection|googleaccount/, ['Connection']],
  [/media/, ['Media']],
  [/localpost|post/, ['Post']],
  [/question/, ['Question']],
  [/publisher/, ['Publisher']],
  [/location/, ['Location', 'Dashboard']],
  [/dashboard|insight|metric/, ['Dashboard']],
];

export const normalizeCollection = (collection: string): string =>
  collection
    .toLowerCase()
    .replace(/[._\-@:]v?\d+$/, '')
    .replace(/[^a-z]/g, '');

export const tagTypesForCollection = (collection: string): readonly TagType[] => {
  const name = normalizeCollection(collection);
  for (const [pattern, tags] of RULES) if (pattern.test(name)) return tags;
  return [];
};

export type TagToInvalidate = TagType | { type: TagType; id: string };

/**
 * Tags to invalidate for one changed document: for the collection's own type the document and
 * the lists of its kind; views derived from it (second and later types) are refreshed whole.
 */
export const tagsForChange = (collection: string, id: string): TagToInvalidate[] => {
  const [primary, ...derived] = tagTypesForCollection(collection);
  if (!primary) return [];
  const own: TagToInvalidate[] = id ? [{ type: primary, id }, { type: primary, id: LIST }] : [primary];
  return [...own, ...derived];
};
