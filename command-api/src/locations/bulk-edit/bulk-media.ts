import {
  locationContentStream,
  type BulkEditField,
  type BulkEditValues,
  type EventMetadata,
  type LocationContentEvent,
  type MediaCategory,
} from '@locus/contracts';
import type { CommandDeps, ReactorContext } from '@locus/platform';
import type { GoogleBusinessClient } from '../../google/client';
import { GoogleApiError } from '../../google/errors';
import { loadStream, runCommand } from '../../kit';
import { contentDecider, contentId, mediaFromGoogle, publicImageUrl } from '../../location-content/public';

/** One photo a bulk edit gives each location: its logo, its cover, or one of the default media. */
export interface BulkMedia {
  category: MediaCategory;
  url: string;
  label: string;
}

/** The photos of a bulk edit, in the order they are sent: logo, cover, then the default media (ADDITIONAL). */
export function bulkEditMedia(fields: readonly BulkEditField[], values: BulkEditValues): BulkMedia[] {
  const media: BulkMedia[] = [];
  if (fields.includes('ProfilePhoto') && values.ProfilePhoto) media.push({ category: 'LOGO', url: values.ProfilePhoto, label: 'Location Logo' });
  if (fields.includes('CoverPhoto') && values.CoverPhoto) media.push({ category: 'COVER', url: values.CoverPhoto, label: 'Location Cover' });
  if (fields.includes('LocationDefaultImage'))
    for (const url of values.DefaultImages) media.push({ category: 'ADDITIONAL', url, label: 'Default Location Media' });
  return media;
}

export type BulkMediaResult = { ok: true; categories: MediaCategory[] } | { ok: false; code: string; message: string };

/**
 * Adds a bulk edit's photos to one location: each is requested on the location's content
 * stream (`LocationMediaRequested` with `bulkJobId`, so the location's media list shows it and
 * the media reactor leaves it to the job), created on Google with `media.create` from its
 * public URL (a write of the shared per-location queue, so within both quotas), and recorded
 * (`LocationMediaAdded` / `LocationMediaFailed`).
 *
 * Exactly once across a crash: a photo's id comes from the job, the location and the photo, so
 * one already live is skipped; one requested but without an outcome is first looked for on
 * Google (same source URL and category) and recorded when found.
 */
export async function addBulkMedia(
  deps: CommandDeps,
  ctx: ReactorContext,
  target: { jobId: string; round: number; locationId: string; companyId: string; client: GoogleBusinessClient; v4: string; metadata: EventMetadata },
  media: readonly BulkMedia[],
): Promise<BulkMediaResult> {
  const { jobId, round, locationId, companyId, client, v4 } = target;
  const stream = locationContentStream(locationId);
  const outcome = (e: LocationContentEvent, key: string) => ctx.append(stream, [e], { key, companyId });
  const categories: MediaCategory[] = [];

  for (const [index, photo] of media.entries()) {
    const mediaId = contentId('bulk-edit-media', jobId, locationId, String(index), photo.category, photo.url);
    const sourceUrl = publicImageUrl(photo.url, deps.config.publicUrl);
    const item = (await loadStream(deps.eventStore, stream, contentDecider)).state.media[mediaId];
    if (item?.status === 'live') {
      categories.push(photo.category);
      continue;
    }
    if (!item) {
      await runCommand(
        deps,
        stream,
        contentDecider,
        {
          type: 'RequestMedia',
          locationId,
          companyId,
          at: deps.clock.now().toISOString(),
          mediaId,
          category: photo.category,
          blobKey: null,
          sourceUrl: photo.url,
          bulkJobId: jobId,
        },
        target.metadata,
      );
    }
    try {
      if (item?.status === 'pending') {
        // Requested before a restart: Google may already hold it.
        let found = null;
        for await (const m of client.allMedia(v4))
          if (m.sourceUrl === sourceUrl && m.locationAssociation?.category === photo.category) {
            found = m;
            break;
          }
        if (found) {
          await outcome({ type: 'LocationMediaAdded', data: { locationId, companyId, mediaId, item: mediaFromGoogle(found) } }, `media:${round}:${mediaId}`);
          categories.push(photo.category);
          continue;
        }
      }
      const created = await client.createMedia(v4, { sourceUrl, category: photo.category });
      await outcome({ type: 'LocationMediaAdded', data: { locationId, companyId, mediaId, item: mediaFromGoogle(created) } }, `media:${round}:${mediaId}`);
      categories.push(photo.category);
    } catch (err) {
      if (!(err instanceof GoogleApiError)) throw err;
      await outcome(
        { type: 'LocationMediaFailed', data: { locationId, companyId, mediaId, code: err.code, message: err.message } },
        `media-failed:${round}:${mediaId}`,
      );
      return { ok: false, code: err.code, message: `${photo.label}: ${err.message}` };
    }
  }
  return { ok: true, categories };
}
