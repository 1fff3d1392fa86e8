import type { Readable } from 'node:stream';
import type { ReplyAuthor, ReviewDoc } from '@locus/contracts';
import type { Collection, Filter, SortSpec } from '@locus/platform';
import { csvStream } from '../kit/csv';

/** The file's columns, in order (header as the table names them). */
const COLUMNS = [
  { key: 'LocationTitle', header: 'Location' },
  { key: 'Reviewer', header: 'Reviewer' },
  { key: 'StarRating', header: 'Rating' },
  { key: 'Comment', header: 'Review' },
  { key: 'CreateTime', header: 'Created' },
  { key: 'UpdateTime', header: 'Updated' },
  { key: 'Reply', header: 'Reply' },
  { key: 'ReplyTime', header: 'Replied' },
  { key: 'ReplyBy', header: 'Replied by' },
  { key: 'Sentiment', header: 'Sentiment' },
  { key: 'Status', header: 'Status' },
  { key: 'ReviewId', header: 'Review ID' },
] as const;

/** Reviews are read this many at a time, and only as fast as the client takes them. */
export const REVIEWS_EXPORT_BATCH = 500;

/** Only what the file shows: a review's history (old texts, every reply) stays in the store. */
const FIELDS = [
  'locationTitle',
  'reviewerName',
  'starRating',
  'comment',
  'createTime',
  'updateTime',
  'replyComment',
  'replyUpdateTime',
  'replyBy',
  'sentimentLabel',
  'removed',
  'responded',
] as const;
const PROJECTION = Object.fromEntries(FIELDS.map((f) => [f, 1 as const]));

const authorName = (by: ReplyAuthor | null): string => (!by ? '' : by.kind === 'google' ? 'On Google' : by.name);

function toRecord(d: Pick<ReviewDoc, (typeof FIELDS)[number] | '_id'>): Record<string, unknown> {
  return {
    LocationTitle: d.locationTitle,
    Reviewer: d.reviewerName,
    StarRating: d.starRating,
    Comment: d.comment ?? '',
    CreateTime: d.createTime,
    UpdateTime: d.updateTime,
    Reply: d.replyComment ?? '',
    ReplyTime: d.replyComment ? (d.replyUpdateTime ?? '') : '',
    ReplyBy: d.replyComment ? authorName(d.replyBy) : '',
    Sentiment: d.sentimentLabel,
    Status: d.removed === 1 ? 'Removed' : d.responded === 1 ? 'Answered' : 'Unanswered',
    ReviewId: d._id,
  };
}

async function* exportRecords(collection: Collection<ReviewDoc>, filter: Filter, sort: SortSpec): AsyncGenerator<Record<string, unknown>> {
  for (let skip = 0; ; skip += REVIEWS_EXPORT_BATCH) {
    const docs = await collection.find(filter, { sort, skip, limit: REVIEWS_EXPORT_BATCH, projection: PROJECTION });
    for (const doc of docs) yield toRecord(doc);
    if (docs.length < REVIEWS_EXPORT_BATCH) return;
  }
}

/**
 * The matching reviews as CSV text, streamed: one batch is read when the client has taken the
 * last (backpressure); a review's text is anyone's on Google, so formulas are escaped.
 */
export function reviewsCsv(collection: Collection<ReviewDoc>, filter: Filter, sort: SortSpec): Readable {
  return csvStream(COLUMNS, exportRecords(collection, filter, sort));
}
