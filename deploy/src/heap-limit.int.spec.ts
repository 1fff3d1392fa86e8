import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAIN_MIN_SEMI_SPACE_MB, SEMI_SPACE_MB, serverV8Flags } from './heap-limit';

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

describe('heap limit from config', () => {
  it('the server process runs with LOCUS_HEAP_MB as its heap limit, and its V8 flags (the young generation of SEMI_SPACE_MB, no memory reducer, a floor for the event loop alone)', async () => {
    const { stdout } = await run(tsx, [path.join(import.meta.dirname, 'testing', 'heap-child.ts')], {
      env: { ...process.env, LOCUS_HEAP_MB: '700', LOCUS_HEAP_RELAUNCHED: '' },
    });
    const { heapLimitMb, execArgv, newSpaceMb, workerNewSpaceMb } = JSON.parse(stdout.trim().split('\n').pop()!) as {
      heapLimitMb: number;
      execArgv: string[];
      newSpaceMb: number;
      workerNewSpaceMb: number;
    };
    expect(execArgv).toEqual(expect.arrayContaining(serverV8Flags));
    expect(heapLimitMb).toBeGreaterThanOrEqual(700);
    // Plus the young generation: three semi-spaces of SEMI_SPACE_MB.
    expect(heapLimitMb).toBeLessThanOrEqual(700 + 3 * SEMI_SPACE_MB + 32);
    // The event loop's young generation (two semi-spaces) starts at its floor; a worker thread's at V8's own few MB.
    expect(newSpaceMb).toBeGreaterThanOrEqual(2 * MAIN_MIN_SEMI_SPACE_MB);
    expect(workerNewSpaceMb).toBeLessThan(MAIN_MIN_SEMI_SPACE_MB);
  });
});
