import { defineConfig } from 'vitest/config';
import path from 'node:path';

const r = (p: string) => path.resolve(import.meta.dirname, p);

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
      { find: /^@web\/(.*)$/, replacement: r('web/src/$1') },
    ],
  },
  test: {
    include: ['**/src/**/*.spec.ts', 'tests/**/*.spec.ts'],
    exclude: ['**/node_modules/**', 'web/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/e2e/global-setup.ts'],
    reporters: ['default', './deploy/src/test-summary-reporter.ts'],
  },
});
