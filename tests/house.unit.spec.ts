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
