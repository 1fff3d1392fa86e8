import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTable } from '@locus/contracts';
import { openApiDocumentOf } from './docs-routes';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

describe('OpenAPI document served at /api/docs/openapi.json', () => {
  it('passes `redocly lint` (recommended rules: servers, license, valid $refs, schemas)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'locus-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(openApiDocumentOf(routeTable, 'https://locus.example.com')));
      const run = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'redocly'), ['lint', file, '--format=stylish'], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout + run.stderr).toMatch(/valid/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
