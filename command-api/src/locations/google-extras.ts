import { mediaSummaryOf, type GoogleMediaSummary } from '@locus/contracts';
import type { GoogleBusinessClient } from '../google/client';
import { v4LocationName } from '../google/client';
import { GoogleApiError } from '../google/errors';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the directory shows beside Google's location resource: the star rating and review count
 * (v4 reviews summary), a thumbnail (the newest logo or profile photo, else the first photo) and
 * whether it has a logo, a cover and photos (of the first page of its media: the completeness score).
 * A location Google has no reviews or photos for yet answers nulls, not an error.
 */
export async function googleExtras(
  client: GoogleBusinessClient,
  accountName: string,
  googleName: string,
): Promise<{ thumbnailUrl: string | null; totalRating: number | null; totalRatingsCount: number; media: GoogleMediaSummary }> {
  const v4 = v4LocationName(accountName, googleName);
  const tolerate404 = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof GoogleApiError && err.code === 'GOOGLE.NOT_FOUND') return fallback;
      throw err;
    }
  };
  const reviews = await tolerate404(() => client.listReviews(v4, { pageSize: 1 }), { items: [] } as Awaited<ReturnType<GoogleBusinessClient['listReviews']>>);
  const media = await tolerate404(() => client.listMedia(v4, { pageSize: 20 }), { items: [] } as Awaited<ReturnType<GoogleBusinessClient['listMedia']>>);
  // The newest logo or profile photo: the one a bulk edit or the media section added last.
  const newest = media.items
    .filter((i) => i.locationAssociation?.category === 'PROFILE' || i.locationAssociation?.category === 'LOGO')
    .sort((a, b) => (b.createTime ?? '').localeCompare(a.createTime ?? ''))[0];
  const photo = newest ?? media.items.find((i) => i.mediaFormat === 'PHOTO');
  const count = reviews.totalReviewCount ?? 0;
  return {
    thumbnailUrl: photo ? (photo.thumbnailUrl ?? photo.googleUrl ?? null) : null,
    totalRating: count > 0 && reviews.averageRating !== undefined ? round2(reviews.averageRating) : null,
    totalRatingsCount: count,
    media: mediaSummaryOf(media.items.map((i) => ({ category: i.locationAssociation?.category, mediaFormat: i.mediaFormat }))),
  };
}
