import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Importing a decider, a state or a projection loads ports and errors only.
 * esbuild follows the imports as Node would load them (type-only imports erased, dynamic
 * imports included) and lists every module and package reached from each file.
 */
const root = path.resolve(import.meta.dirname, '..');
const PURE = [
  /^command-api\/src\/kit\/decider\.ts$/,
  /^command-api\/src\/[^/]+\/([^/]+-(decider|state)|otp-challenge|admin-settings|company-settings|staff-member|azure-directory)\.ts$/,
  /^projectors\/src\/[^/]+\/[^/]+-projection\.ts$/,
];
const FORBIDDEN_MODULES =
  /^platform\/src\/(index|adapters|runtimes|http-kit)\.ts$|^platform\/src\/(config|runtime\/(?!definitions|deps)|http\/(?!errors|route-handler|state|zod-fields|response))|-(event-store|read-store|bus)\.ts$/;
// vader-sentiment: a word list and rules, no I/O (the reviews projection labels sentiment with it).
const ALLOWED_PACKAGES = new Set(['zod', 'node:crypto', 'vader-sentiment']);

function pureFiles(): string[] {
  const files: string[] = [];
  for (const pkg of ['command-api/src', 'projectors/src']) {
    for (const feature of readdirSync(path.join(root, pkg), { withFileTypes: true })) {
      if (!feature.isDirectory()) continue;
      for (const f of readdirSync(path.join(root, pkg, feature.name))) {
        const rel = `${pkg}/${feature.name}/${f}`;
        if (PURE.some((re) => re.test(rel))) files.push(rel);
      }
    }
  }
  return files.sort();
}

interface Graph {
  modules: string[];
  packages: string[];
}
const graphs = new Map<string, Graph>();

beforeAll(async () => {
  const files = pureFiles();
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(files.map((f) => [f.replace(/\.ts$/, ''), f])),
    outdir: 'out',
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    tsconfig: 'tsconfig.json',
  });
  for (const meta of Object.values(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const modules = Object.keys(meta.inputs);
    const packages = new Set<string>();
    for (const m of modules) for (const im of result.metafile.inputs[m]?.imports ?? []) if (im.external) packages.add(im.path);
    graphs.set(meta.entryPoint, { modules, packages: [...packages].sort() });
  }
}, 30_000);

describe('the module graph of pure code', () => {
  it('covers every decider, state and projection file', () => {
    expect(graphs.size).toBeGreaterThanOrEqual(20);
    expect([...graphs.keys()]).toContain('command-api/src/locations/location-decider.ts');
    expect([...graphs.keys()]).toContain('projectors/src/locations/locations-projection.ts');
  });

  it('reaches no adapter, runtime, Koa kit or config module', () => {
    const reached = [...graphs].flatMap(([file, g]) => g.modules.filter((m) => FORBIDDEN_MODULES.test(m)).map((m) => `${file} → ${m}`));
    expect(reached).toEqual([]);
  });

  it('loads no package but zod, node:crypto and the sentiment word list (no SQLite, Koa, mingo, pino, drivers)', () => {
    const loaded = [...graphs].flatMap(([file, g]) => g.packages.filter((p) => !ALLOWED_PACKAGES.has(p)).map((p) => `${file} → ${p}`));
    expect(loaded).toEqual([]);
  });
});
