import { defineConfig } from 'vitest/config';
import path from 'node:path';
import GroupSequencer from './deploy/src/test-sequencer';

const r = (p: string) => path.resolve(import.meta.dirname, p);

/** Integration specs that read the built web app (web/dist). */
const WEB_DIST_SPECS = ['deploy/src/web-static.int.spec.ts'];

/** Integration specs that start, kill or time child processes, or rebuild while serving: one worker each. */
const ISOLATED_INT_SPECS = [
  'deploy/src/**/*.int.spec.ts',
  'projectors/src/**/*.int.spec.ts',
  'tests/**/*.int.spec.ts',
  'command-api/src/ops/ops-api.int.spec.ts',
  'command-api/src/reviews-ai/yield-to-people.int.spec.ts',
];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@locus\/contracts$/, replacement: r('contracts/src/index.ts') },
      { find: /^@locus\/contracts\/(.*)$/, replacement: r('contracts/src/$1') },
      { find: /^@locus\/platform$/, replacement: r('platform/src/index.ts') },
      { find: /^@locus\/platform\/(.*)$/, replacement: r('platform/src/$1') },
      { find: /^@locus\/command-api\/(.*)$/, replacement: r('command-api/src/$1') },
      { find: /^@locus\/projectors\/(.*)$/, replacement: r('projectors/src/$1') },
      { find: /^@locus\/query-api\/(.*)$/, replacement: r('query-api/src/$1') },
      { find: /^@locus\/sandbox\/(.*)$/, replacement: r('sandbox/src/$1') },
      { find: /^@locus\/tests\/(.*)$/, replacement: r('tests/$1') },
      { find: /^@web\/(.*)$/, replacement: r('web/src/$1') },
    ],
  },
  test: {
    exclude: ['**/node_modules/**', 'web/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files of isolated projects first, longest first, then each shared-worker project's files (deploy/src/test-sequencer.ts).
    sequence: { sequencer: GroupSequencer },
    // Transformed modules are kept in node_modules/.experimental-vitest-cache between runs
    // (a clean install starts without them; docs/performance.md, Tests' run time).
    experimental: { fsModuleCache: true },
    reporters: ['default', './deploy/src/test-summary-reporter.ts'],
    // `npm test` runs every project; `npm run test:unit` (no I/O, seconds), `test:int`
    // (stores, HTTP, NATS) and `test:web` (the built web app and the browser) run one each.
    // Only the web project builds web/dist first.
    projects: [
      // Unit specs share their workers' module cache (no I/O, no global state to reset).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/src/**/*.unit.spec.ts', 'tests/**/*.unit.spec.ts'],
          pool: 'threads',
          isolate: false,
          // Vitest's default on two cores is one worker; two share the module cache.
          maxWorkers: 2,
          // Projects with their own worker counts run one group after another.
          sequence: { groupOrder: 0 },
        },
      },
      // Specs that talk to stores and servers in-process share their workers' module graph: the
      // stack is imported once per worker instead of once per file (docs/performance.md).
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/src/**/*.int.spec.ts', 'tests/**/*.int.spec.ts'],
          isolate: false,
          // Vitest's default on this 2-core machine is one worker: files ran one after another
          // while most of them wait on sockets, child processes and timers. Each file opens its
          // own stores, ports and bus subjects, so three run side by side. The projects of one
          // groupOrder share one pool: these three files at once are the whole group's (int,
          // int-isolated and int-esdb-like), and vitest refuses two worker counts in a group.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          exclude: [...WEB_DIST_SPECS, ...ISOLATED_INT_SPECS, '**/node_modules/**', 'web/dist/**'],
        },
      },
      // Specs that start child processes, kill them or time a process's life get a fresh worker each.
      {
        extends: true,
        test: {
          name: 'int-isolated',
          include: ISOLATED_INT_SPECS,
          exclude: [...WEB_DIST_SPECS, '**/node_modules/**', 'web/dist/**'],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      // The same specs on the SQLite store's variants that behave as EventStoreDB does: positions
      // with gaps (a position that is not an event's is refused) and ids not recognised under
      // 'any'. Child processes the specs start inherit the variable.
      {
        extends: true,
        test: {
          name: 'int-esdb-like',
          include: [
            'platform/src/runtime/projector-runtime.int.spec.ts',
            'platform/src/runtime/reactor-runtime.int.spec.ts',
            'platform/src/runtime/ops-status.int.spec.ts',
            'platform/src/runtime/rebuild.int.spec.ts',
            'platform/src/runtime/lease.int.spec.ts',
            'deploy/src/audit/audit-cli.int.spec.ts',
            'command-api/src/ops/ops-api.int.spec.ts',
            'tests/templates/publish-crash.int.spec.ts',
          ],
          env: { LOCUS_TEST_EVENT_STORE: 'gapped,no-dedup,late-end' },
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['**/src/**/*.e2e.spec.ts', 'tests/**/*.e2e.spec.ts', ...WEB_DIST_SPECS],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A browser test that fails is run once more before the run fails: one flaky wait on a
          // noisy 2-core machine cost a whole session's work once. A test that fails twice still
          // fails the run, and the summary reporter lists every retried test by name.
          retry: 1,
          // expect.poll gives up after 1 s by default; three browsers on two cores take longer than
          // that to render a page's first query, and a poll that gives up early fails on a screen
          // that was about to be right.
          expect: { poll: { timeout: 15_000 } },
          // Each file starts its own stack and browser. Counted with Chromium's renderer and GPU
          // processes (/usr/bin/time counts under half of them), the longest file alone used about a
          // core, so three at once fill the two; four at once under other sessions' load timed UI
          // waits out (docs/performance.md, Tests' run time).
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
