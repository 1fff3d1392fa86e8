import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The house rules a reader can check by grep: every decider is specified with `deciderSpec`. */
const root = path.resolve(import.meta.dirname, '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return tsFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('deciders', () => {
  const files = tsFiles(path.join(root, 'command-api/src'));
  const specs = files.filter((f) => f.endsWith('.spec.ts')).map((f) => readFileSync(f, 'utf8'));
  const deciders = files
    .filter((f) => !f.endsWith('.spec.ts'))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/export const (\w+): Decider</g)].map((m) => ({ name: m[1]!, file: path.relative(root, f) })));

  it('are found', () => {
    expect(deciders.length).toBeGreaterThan(15);
  });

  it('each has a deciderSpec', () => {
    const unspecified = deciders.filter(({ name }) => !specs.some((text) => new RegExp(`deciderSpec\\(${name}\\b`).test(text)));
    expect(unspecified).toEqual([]);
  });
});

describe('spec files', () => {
  const packages = ['contracts', 'platform', 'command-api', 'projectors', 'query-api', 'sandbox', 'deploy', 'web'].map((p) => path.join(root, p, 'src'));
  const specs = [...packages, path.join(root, 'tests')].flatMap(tsFiles).filter((f) => /\.spec\.tsx?$/.test(f));

  it('are found', () => {
    expect(specs.length).toBeGreaterThan(100);
  });

  // Requests go through the test kit's `stack.send` (or `routeClient`, `googleApi`) and waits through its `eventually` (tests/stack).
  it('define no `call` or `eventually` of their own', () => {
    const own = specs.filter((f) => /\b(function|const|let)\s+(call|eventually)\b/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(root, f));
    expect(own).toEqual([]);
  });
});
