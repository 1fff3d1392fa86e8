import type { EventMetadata } from '@locus/contracts';
import type Database from 'better-sqlite3';
import type { RecordedEvent } from './event-store';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY,
  stream_name TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  event_id    TEXT    NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  created     INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream_name, revision);
-- Files made by earlier versions had a unique index on (stream_name, event_id). Event ids are
-- random, so it added a write to a random page per event, about half the cost of an append.
-- Only appends with 'any' / 'stream_exists' look events up by id, and they now read the
-- stream's ids through events_stream_revision instead.
DROP INDEX IF EXISTS events_stream_event_id;
`;

const COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, created';

/**
 * A row of COLUMNS, read in raw mode (an array, not an object with named keys: measurably
 * cheaper per row when a rebuild reads hundreds of thousands).
 */
export type EventRow = [position: number, streamName: string, revision: number, eventId: string, type: string, data: string, metadata: string, created: number];
export const POSITION = 0;
export const TYPE = 4;

/** Rows the shared tail reads at a time. */
export const TAIL_PAGE = 1000;

/** The store's prepared statements (the schema must exist). */
export function prepareStatements(db: Database.Database) {
  return {
    head: db.prepare<[], number>('SELECT coalesce(max(position), 0) FROM events').pluck(),
    streamRevision: db.prepare<[string], number | null>('SELECT max(revision) FROM events WHERE stream_name = ?').pluck(),
    streamExists: db.prepare<[string], number>('SELECT 1 FROM events WHERE stream_name = ? LIMIT 1').pluck(),
    revisionsOfIds: db.prepare<[string, string], { event_id: string; revision: number }>(
      'SELECT event_id, revision FROM events WHERE stream_name = ? AND event_id IN (SELECT value FROM json_each(?))',
    ),
    run: db.prepare<[string, number, number], { event_id: string; position: number }>(
      'SELECT event_id, position FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    insert: db.prepare(`INSERT INTO events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    streamForwards: db
      .prepare<[string, number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`)
      .raw(true),
    streamBackwards: db
      .prepare<[string, number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`)
      .raw(true),
    // A bound LIMIT makes SQLite do measurably more work per call (more than the lookup
    // itself): the whole-stream read of every command uses statements without one.
    streamForwardsAll: db
      .prepare<[string, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC`)
      .raw(true),
    streamBackwardsAll: db
      .prepare<[string, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC`)
      .raw(true),
    tailPage: db.prepare<[number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ${TAIL_PAGE}`).raw(true),
    allForwards: db.prepare<[number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`).raw(true),
    allBackwards: db.prepare<[number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position DESC LIMIT ?`).raw(true),
    // Events of some types only: the others are never read into objects.
    allForwardsOfTypes: db
      .prepare<[number, string, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position ASC LIMIT ?`,
      )
      .raw(true),
    // A catching-up subscription's page: the types wanted among the next positions only, so a
    // subscription whose events are rare never scans the whole file in one call.
    allForwardsOfTypesUpTo: db
      .prepare<[number, number, string, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position ASC LIMIT ?`,
      )
      .raw(true),
    allBackwardsOfTypes: db
      .prepare<[number, string, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position DESC LIMIT ?`,
      )
      .raw(true),
    at: db.prepare<[number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position = ?`).raw(true),
    exists: db.prepare<[number], number>('SELECT 1 FROM events WHERE position = ?').pluck(),
    // Where a catch-up window after a cursor ends: its last event, so a checkpoint reported from it
    // is an event's position; the first event after the cursor when the window holds none (an event
    // larger than the window leaves such a gap); the cursor itself when there is nothing after it.
    windowEndAfter: db
      .prepare<{ cursor: number; end: number }, number>(
        `SELECT coalesce(
           (SELECT max(position) FROM events WHERE position > @cursor AND position <= @end),
           (SELECT min(position) FROM events WHERE position > @cursor),
           @cursor)`,
      )
      .pluck(),
    countBetween: db.prepare<[number, number], number>('SELECT count(*) FROM events WHERE position > ? AND position <= ?').pluck(),
    countBetweenMax: db
      .prepare<[number, number, number], number>('SELECT count(*) FROM (SELECT 1 FROM events WHERE position > ? AND position <= ? LIMIT ?)')
      .pluck(),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;

/** Events' data and metadata as stored (JSON), made before the append is queued. */
export interface SerializedPayloads {
  data: string[];
  metadata: string[];
}

export const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  id: row[3],
  type: row[4],
  streamName: row[1],
  revision: BigInt(row[2]),
  position: row[0],
  data: JSON.parse(row[5]),
  metadata: JSON.parse(row[6]) as EventMetadata,
  created: new Date(row[7]),
});

export const typeList = (types: readonly string[]): string => {
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string')) {
    throw new TypeError('eventTypes must be an array of strings');
  }
  return JSON.stringify(types);
};
