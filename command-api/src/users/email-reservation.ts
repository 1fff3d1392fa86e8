import { createHash } from 'node:crypto';
import { emailReservationStream, userErrors, userStream, type EmailReservationEvent, type ErrorEntry, type EventMetadata } from '@locus/contracts';
import { fail, WrongExpectedVersionError, type EventStore, type IdSource } from '@locus/platform';
import { loadStream } from '../kit';
import { evolveUser, initialUserState, type UserState } from './user-state';

/**
 * Email uniqueness: one reservation stream per lowercased email. The first reservation is
 * appended with `no_stream`; after a release, a new one is appended at the released revision,
 * so two concurrent reservations can never both succeed.
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
export const emailStreamOf = (email: string) => emailReservationStream(emailKey(email));

export type ReservationState = { holder: string | null };

export const evolveReservation = (_state: ReservationState, event: EmailReservationEvent): ReservationState =>
  event.type === 'EmailReserved' ? { holder: event.data.userId } : { holder: null };

interface Deps {
  eventStore: EventStore;
  ids: IdSource;
}

/** Reserves `email` for `userId` (idempotent for the same holder); `taken` (a 409) when someone else holds it. */
export async function reserveEmail(
  deps: Deps,
  email: string,
  userId: string,
  metadata: EventMetadata,
  taken: ErrorEntry = userErrors.emailTaken,
): Promise<number> {
  const stream = emailStreamOf(email);
  const loaded = await loadStream(deps.eventStore, stream, { evolve: evolveReservation, initialState: () => ({ holder: null }) });
  if (loaded.state.holder === userId) return Number(loaded.events[loaded.events.length - 1]!.position);
  if (loaded.state.holder !== null) throw fail(taken);
  try {
    const result = await deps.eventStore.append(stream, [{ id: deps.ids.uuid(), type: 'EmailReserved', data: { userId }, metadata }], {
      expectedRevision: loaded.revision,
    });
    return result.position;
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw fail(taken);
    throw err;
  }
}

/** Releases `email` if `userId` holds it (no-op otherwise). */
export async function releaseEmail(deps: Deps, email: string, userId: string, metadata: EventMetadata): Promise<number | undefined> {
  const stream = emailStreamOf(email);
  const loaded = await loadStream(deps.eventStore, stream, { evolve: evolveReservation, initialState: () => ({ holder: null }) });
  if (loaded.state.holder !== userId) return undefined;
  const result = await deps.eventStore.append(stream, [{ id: deps.ids.uuid(), type: 'EmailReleased', data: { userId }, metadata }], {
    expectedRevision: loaded.revision,
  });
  return result.position;
}

/** Who holds this email right now (sign-in and password reset look-up). */
export async function findUserIdByEmail(eventStore: EventStore, email: string): Promise<string | null> {
  const loaded = await loadStream(eventStore, emailStreamOf(email), { evolve: evolveReservation, initialState: () => ({ holder: null }) });
  return loaded.state.holder;
}

/** The user holding `email`, folded from their stream, or null. */
export async function findUserByEmail(eventStore: EventStore, email: string): Promise<{ userId: string; state: UserState } | null> {
  const userId = await findUserIdByEmail(eventStore, email);
  if (!userId) return null;
  const loaded = await loadStream(eventStore, userStream(userId), { evolve: evolveUser, initialState: initialUserState });
  return { userId, state: loaded.state };
}
