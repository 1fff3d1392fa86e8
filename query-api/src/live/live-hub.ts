import { type ChangedMessage, LIVE_CHANGED_IDS_CAP, type LiveMessage, mayHearCollection, type Role } from '@locus/contracts';
import { RESYNC_FRAME, sseFrame, type Bus, type BusSubscription, type SseChannel } from '@locus/platform';

const eventNameOf = (data: unknown): string | undefined => {
  const kind = (data as Partial<LiveMessage> | null)?.kind;
  return kind === 'changed' || kind === 'notification' || kind === 'resync' ? kind : undefined;
};

const asChanged = (data: unknown): ChangedMessage | null => {
  const m = data as Partial<ChangedMessage> | null;
  return m?.kind === 'changed' && typeof m.collection === 'string' && Array.isArray(m.ids) && typeof m.position === 'number' ? (m as ChangedMessage) : null;
};

/** Live changes are filtered by role as the queries are: no pings about collections the caller cannot read. */
const mayHear = (role: Role, data: unknown): boolean => {
  const message = data as Partial<LiveMessage> | null;
  return message?.kind !== 'changed' || typeof message.collection !== 'string' || mayHearCollection(role, message.collection);
};

/** Changes of one collection that arrived while the group waited: one message, ids merged up to the cap. */
function mergeChanged(into: ChangedMessage, next: ChangedMessage): ChangedMessage {
  const many = into.many || next.many || new Set([...into.ids, ...next.ids]).size > LIVE_CHANGED_IDS_CAP;
  return {
    kind: 'changed',
    collection: into.collection,
    ids: many ? [] : [...new Set([...into.ids, ...next.ids])],
    many,
    companyId: into.companyId,
    position: Math.max(into.position, next.position),
  };
}

/**
 * What one stream hears of a message its role may hear: the message, a narrowed copy (fewer
 * ids), or null for nothing. A company user's stream drops changes of locations outside its scope.
 */
export type LiveFilter = (message: unknown) => unknown;

interface ScopeGroup {
  scope: string;
  subscription: BusSubscription;
  /** Open streams of this scope by role: a message is checked once per role, not once per tab. */
  byRole: Map<Role, Set<SseChannel>>;
  /** Streams that hear through a filter of their own (serialized per stream). */
  filtered: Map<SseChannel, { role: Role; filter: LiveFilter }>;
  size: number;
  /** Messages waiting for the next fan-out, in arrival order. */
  queue: unknown[];
  /** Index in `queue` of the change of each collection that later changes may still merge into. */
  open: Map<string, number>;
  /** Cancels the scheduled fan-out (null when none is scheduled). */
  timer: (() => void) | null;
  /** When the next fan-out may run (ms, performance.now()). */
  notBefore: number;
  /** A fan-out's writes are being timed: the next one waits for the result. */
  measuring: boolean;
}

/** Longest pause between two fan-outs of one scope (the added latency when a server is very busy). */
const MAX_PAUSE_MS = 100;
/** Scopes with fewer open streams than this are never paced. */
const PACE_FROM_TABS = 32;

export interface LiveHubOptions {
  /**
   * Share of the event loop a scope's fan-out may take: after a fan-out that took d ms the
   * next one waits d·(1/share − 1) ms, and messages arriving meanwhile are merged (default 0.25).
   */
  fanOutShare?: number;
}

export interface LiveHub {
  /** Adds a stream to its scopes (heard through `filter` when given); the returned function takes it out again. */
  attach(channel: SseChannel, role: Role, scopes: readonly string[], filter?: LiveFilter): () => void;
  /** Open bus subscriptions (one per scope with at least one stream). */
  readonly subscriptions: number;
  /** Stops listening for the bus's reconnects. */
  close(): void;
}

/**
 * The fan-out of `GET /api/live`: one bus subscription per scope (a company, a user, the
 * admin scope) however many tabs listen to it. A message is role-checked once per role
 * group and serialized once; a fan-out hands every tab of a role the same Buffer, which its
 * channel writes straight to the response (see openSseChannel).
 *
 * The fan-out paces itself by what it costs: one that took d ms (a write per tab, timed to the
 * next turn) is followed by a pause of 3·d (at most 100 ms), during which changes of the same collection are merged into one message
 * (ids united up to the cap, else `many`; the highest position). Scopes with fewer than 32 tabs are
 * never paced; with 1,000 tabs under a burst the writes per tab drop
 * from one per projection batch to one per pause, and the server keeps three quarters of its
 * time for commands.
 */
export function createLiveHub(bus: Bus, options: LiveHubOptions = {}): LiveHub {
  const share = Math.min(1, Math.max(0.01, options.fanOutShare ?? 0.25));
  const groups = new Map<string, ScopeGroup>();

  const fanOut = (group: ScopeGroup) => {
    group.timer = null;
    const messages = group.queue;
    group.queue = [];
    group.open.clear();
    const started = performance.now();
    // Each role's share of the batch becomes one Buffer, written as is to every tab of the role:
    // serialized and encoded once, not once per tab.
    const frames = messages.map((data) => {
      const event = eventNameOf(data);
      return sseFrame(data, event ? { event } : {});
    });
    for (const [role, channels] of group.byRole) {
      if (channels.size === 0) continue;
      const heard = frames.filter((_, i) => mayHear(role, messages[i]));
      if (heard.length === 0) continue;
      const chunk = Buffer.from(heard.length === 1 ? heard[0]! : heard.join(''));
      for (const channel of channels) channel.sendFrame(chunk);
    }
    for (const [channel, { role, filter }] of group.filtered) {
      const heard = messages.filter((m) => mayHear(role, m)).map(filter);
      const own = heard.filter((m) => m !== null).map((m) => sseFrame(m, eventNameOf(m) ? { event: eventNameOf(m)! } : {}));
      if (own.length) channel.sendFrame(Buffer.from(own.join('')));
      channel.flush();
    }
    for (const channels of group.byRole.values()) for (const channel of channels) channel.flush();
    // The socket writes (one per tab) finish in the ticks after this: timed up to the next turn,
    // so the pause covers them (and, when the server is busy, a little more).
    group.measuring = true;
    setImmediate(() => {
      const cost = performance.now() - started;
      group.measuring = false;
      // A handful of tabs costs next to nothing: their messages never wait (the turn timed here
      // may hold unrelated work, which must not delay a single tab's read-your-writes).
      group.notBefore = group.size < PACE_FROM_TABS ? 0 : performance.now() + Math.min(MAX_PAUSE_MS, cost * (1 / share - 1));
      if (group.queue.length > 0) schedule(group);
    });
  };

  const schedule = (group: ScopeGroup) => {
    if (group.timer || group.measuring || !groups.has(group.scope)) return;
    const wait = group.notBefore - performance.now();
    // Same turn first: messages published together (one projection batch, several projections) go out together.
    if (wait > 1) {
      const timeout = setTimeout(() => fanOut(group), wait);
      group.timer = () => clearTimeout(timeout);
    } else {
      const immediate = setImmediate(() => fanOut(group));
      group.timer = () => clearImmediate(immediate);
    }
  };

  const enqueue = (group: ScopeGroup, data: unknown) => {
    const change = asChanged(data);
    if (change) {
      const at = group.open.get(change.collection);
      if (at !== undefined) {
        group.queue[at] = mergeChanged(group.queue[at] as ChangedMessage, change);
      } else {
        group.open.set(change.collection, group.queue.length);
        group.queue.push(data);
      }
    } else {
      // Changes after a notification are not merged into ones before it: order is kept.
      group.open.clear();
      group.queue.push(data);
    }
    schedule(group);
  };

  const groupFor = (scope: string): ScopeGroup => {
    const existing = groups.get(scope);
    if (existing) return existing;
    const group: ScopeGroup = {
      scope,
      subscription: { unsubscribe: () => undefined },
      byRole: new Map(),
      filtered: new Map(),
      size: 0,
      queue: [],
      open: new Map(),
      timer: null,
      notBefore: 0,
      measuring: false,
    };
    group.subscription = bus.subscribe(scope, (message) => enqueue(group, message.data));
    groups.set(scope, group);
    return group;
  };

  // Messages published while the bus was away are lost: every open stream (once, whatever its
  // scopes) is told to refetch.
  const resyncAll = () => {
    const channels = new Set<SseChannel>();
    for (const group of groups.values()) for (const byRole of group.byRole.values()) for (const channel of byRole) channels.add(channel);
    for (const channel of channels) {
      channel.sendFrame(RESYNC_FRAME);
      channel.flush();
    }
  };
  const stopResync = bus.onReconnect?.(resyncAll) ?? (() => undefined);

  const release = (group: ScopeGroup) => {
    group.subscription.unsubscribe();
    group.timer?.();
    groups.delete(group.scope);
  };

  return {
    attach(channel, role, scopes, filter) {
      const joined: ScopeGroup[] = [];
      for (const scope of new Set(scopes)) {
        const group = groupFor(scope);
        if (filter) group.filtered.set(channel, { role, filter });
        else {
          let channels = group.byRole.get(role);
          if (!channels) group.byRole.set(role, (channels = new Set()));
          channels.add(channel);
        }
        group.size++;
        joined.push(group);
      }
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        for (const group of joined) {
          const channels = group.byRole.get(role);
          if (channels?.delete(channel) || group.filtered.delete(channel)) group.size--;
          if (channels?.size === 0) group.byRole.delete(role);
          if (group.size === 0) release(group);
        }
      };
    },
    get subscriptions() {
      return groups.size;
    },
    close: stopResync,
  };
}
