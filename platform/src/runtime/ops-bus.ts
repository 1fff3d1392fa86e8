import { randomUUID } from 'node:crypto';
import type { Bus, BusSubscription } from '../bus/bus';
import type { Leases } from './lease';
import type { OpsControl } from './ops-control';
import type { ReactorRuntime } from './reactor-runtime';
import { RebuildBusyError } from './rebuild';
import type { RebuildJobs } from './rebuild-jobs';
import { errorMessage, silentLogger, type RuntimeLogger } from './runtime-logger';

/**
 * The operator's commands in distributed mode: command-api runs no projection or reactor, so
 * it asks over the bus (`ops.control.request`), and the process that owns the work answers
 * (`ops.control.reply.<id>`): for a rebuild the projector process holding the projection's
 * lease, for a parked event the reactor worker holding the reactor's lease. Exactly one
 * replica answers; no answer within the timeout is 503 (nobody runs it now).
 */
const REQUEST_SUBJECT = 'ops.control.request';
const replySubject = (id: string) => `ops.control.reply.${id}`;

type OpsAsk = { action: 'rebuild'; projection: string } | { action: 'retry' | 'skip'; reactor: string; eventId: string };
type OpsRequest = OpsAsk & { id: string };

type OpsReply = { id: string; ok: true; result: unknown } | { id: string; ok: false; error: string; busy?: { projection: string; holder?: string } };

/** No process that owns the work answered in time. */
export class OpsUnreachableError extends Error {
  constructor(readonly action: string) {
    super(`No process answered the ${action} request`);
    this.name = 'OpsUnreachableError';
  }
}

export interface ServeOpsOptions {
  bus: Bus;
  leases: Leases;
  rebuildJobs?: Pick<RebuildJobs, 'start'>;
  projections?: readonly string[];
  reactors?: Pick<ReactorRuntime, 'retryParked' | 'skipParked'>;
  reactorNames?: readonly string[];
  logger?: RuntimeLogger;
}

/** Answers the requests for the projections or reactors this process runs, while it holds their lease. */
export function serveOpsOverBus(options: ServeOpsOptions): BusSubscription {
  const { bus, leases } = options;
  const logger = options.logger ?? silentLogger;
  const leaseOf = (req: OpsRequest): string | null => {
    if (req.action === 'rebuild') return options.rebuildJobs && options.projections?.includes(req.projection) ? `projection:${req.projection}` : null;
    return options.reactors && options.reactorNames?.includes(req.reactor) ? `reactor:${req.reactor}` : null;
  };
  const act = async (req: OpsRequest): Promise<unknown> => {
    if (req.action === 'rebuild') return options.rebuildJobs!.start(req.projection);
    if (req.action === 'retry') return options.reactors!.retryParked(req.reactor, req.eventId);
    return options.reactors!.skipParked(req.reactor, req.eventId);
  };
  const handle = async (req: OpsRequest) => {
    const lease = leaseOf(req);
    if (!lease || (await leases.current(lease))?.holder !== leases.holder) return;
    let reply: OpsReply;
    try {
      reply = { id: req.id, ok: true, result: (await act(req)) ?? null };
    } catch (err) {
      reply = {
        id: req.id,
        ok: false,
        error: errorMessage(err),
        ...(err instanceof RebuildBusyError ? { busy: { projection: err.projection, holder: err.holder } } : {}),
      };
    }
    logger.info({ action: req.action, ok: reply.ok }, 'ops request answered');
    bus.publish(replySubject(req.id), reply);
  };
  return bus.subscribe(REQUEST_SUBJECT, (message) => {
    handle(message.data as OpsRequest).catch((err: unknown) => logger.error({ err }, 'ops request failed'));
  });
}

/** OpsControl for a process that runs no projection or reactor: each call asks the owner over the bus. */
export function remoteOpsControl(options: { bus: Bus; projections: OpsControl['projections']; timeoutMs?: number }): OpsControl {
  const { bus } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ask = async <T>(request: OpsAsk): Promise<T> => {
    const id = randomUUID();
    let subscription: BusSubscription | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await new Promise<OpsReply>((resolve, reject) => {
        subscription = bus.subscribe(replySubject(id), (m) => resolve(m.data as OpsReply));
        timer = setTimeout(() => reject(new OpsUnreachableError(request.action)), timeoutMs);
        bus.publish(REQUEST_SUBJECT, { ...request, id });
        bus.flush().catch(reject);
      });
      if (reply.ok) return reply.result as T;
      if (reply.busy) throw new RebuildBusyError(reply.busy.projection, reply.busy.holder);
      throw new Error(reply.error);
    } finally {
      clearTimeout(timer);
      subscription?.unsubscribe();
    }
  };
  return {
    projections: options.projections,
    rebuildJobs: { start: (projection) => ask({ action: 'rebuild', projection }) },
    reactors: {
      retryParked: (reactor, eventId) => ask({ action: 'retry', reactor, eventId }),
      skipParked: (reactor, eventId) => ask({ action: 'skip', reactor, eventId }),
    },
  };
}
