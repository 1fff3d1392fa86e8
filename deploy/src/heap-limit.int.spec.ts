import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

describe('heap limit from config', () => {
  it('the server process runs with LOCUS_HEAP_MB as its heap limit', async () => {
    const { stdout } = await run(tsx, [path.join(import.meta.dirname, 'testing', 'heap-child.ts')], {
      env: { ...process.env, LOCUS_HEAP_MB: '700', LOCUS_HEAP_RELAUNCHED: '' },
    });
    const { heapLimitMb } = JSON.parse(stdout.trim().split('\n').pop()!) as { heapLimitMb: number };
    expect(heapLimitMb).toBeGreaterThanOrEqual(700);
    expect(heapLimitMb).toBeLessThanOrEqual(700 + 128);
  });
});
