import { renderTemplatePost, type LocationProfile, type TemplatePost } from '@locus/contracts';
import type { GoogleBusinessClient } from '../google/client';
import type { LocalPost } from '../google/types';
import { toGooglePost } from '../location-content/public';

/**
 * A template's post at one location as Google is sent it: the template rendered with the
 * location's values (contracts' `renderTemplatePost`, which the preview shares), then the
 * location post's own mapping to Google's localPosts (`toGooglePost`), so a template's post and
 * one made on the location's details page reach Google alike.
 */
export const googleLocalPost = (post: TemplatePost, profile: LocationProfile, publicUrl: string): LocalPost =>
  toGooglePost(renderTemplatePost(post, profile), publicUrl);

/**
 * A post this template made at the location since `since` (a call that reached Google before
 * a crash): same topic and summary, created after the attempt started (less clock skew).
 * Newest posts come first, so the first pages suffice.
 */
export async function findTemplateLocalPost(client: GoogleBusinessClient, v4LocationName: string, post: LocalPost, since: string): Promise<LocalPost | null> {
  const after = Date.parse(since) - 60_000;
  let pageToken: string | undefined;
  for (let page = 0; page < 3; page++) {
    const result = await client.listLocalPosts(v4LocationName, { pageSize: 100, ...(pageToken ? { pageToken } : {}) });
    for (const candidate of result.items) {
      const created = candidate.createTime ? Date.parse(candidate.createTime) : Number.NaN;
      if (candidate.topicType === post.topicType && candidate.summary === post.summary && !(created < after)) return candidate;
    }
    if (!result.nextPageToken) return null;
    pageToken = result.nextPageToken;
  }
  return null;
}
