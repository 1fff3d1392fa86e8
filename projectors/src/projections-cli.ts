import os from 'node:os';
import cliProgress from 'cli-progress';
import type { Writable } from 'node:stream';
import type { ProjectionDefinition } from '@locus/platform';
import { loadConfig, type Env } from '@locus/platform/config/config';
import { createPorts, type Ports } from '@locus/platform/config/ports';
import { keepsProjectionFiles, withProjectionFiles } from '@locus/platform/read-store/projection-files';
import type { ReadStore } from '@locus/platform/read-store/read-store';
import { DataDirLockedError } from '@locus/platform/runtime/data-dir-lock';
import { askServer, type ControlAnswer } from '@locus/platform/runtime/control-socket';
import type { OpsStatusReport } from '@locus/platform/runtime/ops-status';
import { createLeases } from '@locus/platform/runtime/lease';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { DEFAULT_REBUILD_BATCH_SIZE, rebuildProjection, RebuildAbortedError, RebuildBusyError, type RebuildProgress } from '@locus/platform/runtime/rebuild';

export interface ProjectionsCliOptions {
  projections: readonly ProjectionDefinition[];
  env?: Env;
  out?: Writable & { isTTY?: boolean };
  err?: Writable;
  /** Aborts a running rebuild after its current batch (the CLI wires SIGINT/SIGTERM to it). */
  signal?: AbortSignal;
  /** Called after every committed rebuild batch (tests slow a child down with it). */
  afterBatch?: (p: RebuildProgress) => Promise<void> | void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2, locked: 3, aborted: 130 } as const;

const USAGE = `Usage: npm run projections -- <command>

  rebuild [name ...]            rebuild the named projections (default: all) into their next
                                generation beside the live one, then switch to it
      --batch-size <n>          events per page and per committed batch (default 20000)
      --progress-interval-ms <n> how often progress lines are printed without a TTY (default 1000)
  status [--json]               generation, position, lag and state of every projection
  help                          this text

Stores come from the environment: EVENTSTORE_URL (else LOCUS_DATA_DIR/events.db), MONGODB_URL
(else the embedded read store LOCUS_DATA_DIR/readmodels.db), NATS_URL (announces the switch).
LOCUS_DATA_DIR defaults to ./data. With the embedded read store and a Locus server running on the
data directory, the CLI asks that server (its control socket, LOCUS_DATA_DIR/locus.sock): it
rebuilds while it keeps serving, and the progress is printed here.`;

interface Args {
  command: string;
  names: string[];
  batchSize: number;
  progressIntervalMs: number;
  json: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const args: Args = { command: argv[0] ?? 'help', names: [], batchSize: DEFAULT_REBUILD_BATCH_SIZE, progressIntervalMs: 1_000, json: false };
  const positiveInt = (flag: string, raw: string | undefined, min: number) => {
    if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min) throw new UsageError(`${flag} needs a whole number ≥ ${min}`);
    return Number(raw);
  };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--batch-size') args.batchSize = positiveInt(a, argv[++i], 1);
    else if (a === '--progress-interval-ms') args.progressIntervalMs = positiveInt(a, argv[++i], 0);
    else if (a === '--json') args.json = true;
    else if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}`);
    else args.names.push(a);
  }
  return args;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Progress: a bar on a terminal, otherwise a line every interval (logs, CI, child processes). */
function progressReporter(out: Writable & { isTTY?: boolean }, intervalMs: number) {
  if (out.isTTY) {
    let bar: cliProgress.SingleBar | null = null;
    return {
      update(p: RebuildProgress) {
        const total = Math.max(1, p.head - p.startPosition);
        const value = Math.min(total, p.position - p.startPosition);
        const rate = p.elapsedMs > 0 ? (p.processed / p.elapsedMs) * 1000 : 0;
        if (!bar) {
          bar = new cliProgress.SingleBar(
            {
              format: `${p.projection} g${p.generation} [{bar}] {percentage}% | {value}/{total} events | {rate} ev/s | ETA {eta_formatted}`,
              stream: out as NodeJS.WritableStream,
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(total, value, { rate: fmt(rate) });
        } else {
          bar.setTotal(total);
          bar.update(value, { rate: fmt(rate) });
        }
        if (p.done) {
          bar.stop();
          bar = null;
        }
      },
    };
  }
  let last = 0;
  return {
    update(p: RebuildProgress) {
      const t = Date.now();
      if (!p.done && p.processed > 0 && t - last < intervalMs) return;
      last = t;
      const total = Math.max(0, p.head - p.startPosition);
      const done = p.position - p.startPosition;
      const pct = total > 0 ? ((done / total) * 100).toFixed(1) : '100.0';
      const rate = p.elapsedMs > 0 ? (p.processed / p.elapsedMs) * 1000 : 0;
      out.write(
        `progress ${p.projection} g${p.generation}: position ${p.position} of ${p.head} (${pct}%), ${fmt(p.processed)} events, ${fmt(rate)} events/s${p.done ? ', caught up' : ''}\n`,
      );
    },
  };
}

function printStatus(report: OpsStatusReport, json: boolean, adapters: string, out: Writable) {
  if (json) {
    out.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  out.write(`head ${report.head} (${adapters})\n`);
  out.write('projection            ver  gen  position  lag       state\n');
  for (const p of report.projections) {
    const building = p.building ? ` (building g${p.building.generation} v${p.building.version} at ${p.building.position ?? 0}, lag ${p.building.lag})` : '';
    const version = p.activeVersion !== null && p.activeVersion !== p.version ? `${p.activeVersion}→${p.version}` : String(p.version);
    out.write(
      `${p.name.padEnd(21)} ${version.padEnd(4)} ${String(p.generation ?? '-').padEnd(4)} ${String(p.position ?? '-').padEnd(9)} ${String(p.lag).padEnd(9)} ${p.state}${building}\n`,
    );
  }
  if (report.projections.length === 0) out.write('(no projections)\n');
}

/**
 * The data directory is held by a running server: ask it over its control socket. Null when
 * nothing answers there (an older server, or another holder): the caller refuses as before.
 */
async function askRunningServer(args: Args, selected: readonly ProjectionDefinition[], dataDir: string, out: Writable, err: Writable): Promise<number | null> {
  try {
    if (args.command === 'status') {
      let report: OpsStatusReport | null = null;
      let failure: string | null = null;
      await askServer(dataDir, { command: 'status' }, (a) => {
        if (a.type === 'status') report = a.report;
        else if (a.type === 'error') failure = a.message;
      });
      if (!report) {
        err.write(`The server did not answer: ${failure ?? 'no status'}\n`);
        return EXIT.failed;
      }
      printStatus(report, args.json, 'asked the running server', out);
      return EXIT.ok;
    }
    for (const def of selected) {
      out.write(`rebuild ${def.name} v${def.version} (asked the running server; it keeps serving)\n`);
      let last = 0;
      let end: ControlAnswer | null = null;
      await askServer(dataDir, { command: 'rebuild', projection: def.name }, (a) => {
        if (a.type === 'progress') {
          if (Date.now() - last < args.progressIntervalMs) return;
          last = Date.now();
          out.write(
            `progress ${def.name} g${a.job.generation ?? '?'}: position ${a.job.position} of ${a.job.head} (${a.job.percent}%), ${fmt(a.job.processed)} events\n`,
          );
        } else end = a;
      });
      const answer = end as ControlAnswer | null;
      if (answer?.type === 'done' && answer.job.state === 'done') {
        out.write(`rebuilt ${def.name}: generation ${answer.job.generation} is live, position ${answer.job.position}, ${fmt(answer.job.processed)} events\n`);
        continue;
      }
      const reason = answer?.type === 'error' ? answer.message : answer?.type === 'done' ? (answer.job.error ?? 'failed') : 'no answer';
      err.write(`Rebuild of ${def.name} by the running server failed: ${reason}\n`);
      return reason.includes('already running') ? EXIT.locked : EXIT.failed;
    }
    return EXIT.ok;
  } catch {
    return null;
  }
}

/** `npm run projections -- ...`; returns the exit code. */
export async function runProjectionsCli(argv: string[], options: ProjectionsCliOptions): Promise<number> {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    err.write(`${(e as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.command === 'help' || args.command === '--help' || args.command === '-h') {
    out.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (args.command !== 'rebuild' && args.command !== 'status') {
    err.write(`Unknown command "${args.command}"\n\n${USAGE}\n`);
    return EXIT.usage;
  }

  const byName = new Map(options.projections.map((p) => [p.name, p]));
  const unknown = args.names.filter((n) => !byName.has(n));
  if (unknown.length > 0) {
    err.write(`Unknown projection(s): ${unknown.join(', ')}. Known: ${[...byName.keys()].join(', ') || '(none)'}\n`);
    return EXIT.usage;
  }
  const selected = args.names.length > 0 ? args.names.map((n) => byName.get(n)!) : [...options.projections];

  let ports: Ports;
  // Where the server keeps projections in files of their own (the history in history.db, with
  // the embedded stores), they are read and rebuilt there, not in readmodels.db.
  let readStore: ReadStore;
  let closeParts = async (): Promise<void> => undefined;
  try {
    const config = loadConfig(options.env ?? process.env);
    ports = await createPorts(config, { purpose: `the projections CLI (${args.command})` });
    ({ readStore, closeParts } = keepsProjectionFiles(ports.adapters)
      ? withProjectionFiles(ports.readStore, config.dataDir, options.projections)
      : { readStore: ports.readStore, closeParts });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      const asked = await askRunningServer(args, selected, e.dir, out, err);
      if (asked !== null) return asked;
      err.write(
        `Cannot ${args.command} projections: ${e.message}\n` +
          `The server does not answer on its control socket (${e.dir}/locus.sock), and the embedded read store has one ` +
          `writer, so the projections CLI only runs while the Locus server is stopped` +
          (args.command === 'status' ? ' (while it runs, ask it: GET /api/ops/projections).\n' : '.\n'),
      );
      return EXIT.locked;
    }
    err.write(`Cannot open the stores: ${(e as Error).message}\n`);
    return EXIT.failed;
  }

  try {
    if (args.command === 'status') {
      const report = await createOpsStatus({ eventStore: ports.eventStore, readStore, projections: options.projections }).status();
      printStatus(report, args.json, `${ports.adapters.eventStore} / ${ports.adapters.readStore}`, out);
      return EXIT.ok;
    }

    const leases = ports.adapters.readStore === 'mongodb' ? createLeases({ readStore, holder: `${os.hostname()}:${process.pid}:projections-cli` }) : undefined;
    const reporter = progressReporter(out, args.progressIntervalMs);
    for (const def of selected) {
      out.write(`rebuild ${def.name} v${def.version}\n`);
      const result = await rebuildProjection({
        eventStore: ports.eventStore,
        readStore,
        bus: ports.bus,
        def,
        batchSize: args.batchSize,
        leases,
        signal: options.signal,
        onProgress: (p) => reporter.update(p),
        afterBatch: options.afterBatch,
      });
      const seconds = result.elapsedMs / 1000;
      out.write(
        `rebuilt ${def.name}: generation ${result.generation} is live` +
          (result.previousGeneration !== null ? ` (generation ${result.previousGeneration} dropped)` : '') +
          `, position ${result.position}, ${fmt(result.processed)} events in ${seconds.toFixed(1)} s` +
          (result.processed > 0 && seconds > 0 ? ` (${fmt(result.processed / seconds)} events/s)` : '') +
          (result.resumed ? ', resumed an interrupted rebuild' : '') +
          '\n',
      );
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof RebuildAbortedError) {
      err.write(`${e.message}\n`);
      return EXIT.aborted;
    }
    if (e instanceof RebuildBusyError) {
      err.write(`${e.message}\n`);
      return EXIT.locked;
    }
    err.write(`Rebuild failed: ${(e as Error).stack ?? String(e)}\n`);
    return EXIT.failed;
  } finally {
    await closeParts();
    await ports.close();
  }
}
