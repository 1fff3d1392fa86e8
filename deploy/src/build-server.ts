import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * Compiles the server processes to plain JavaScript in dist/server (`npm run build:server`),
 * so `npm start` and the container images run `node` itself: signals reach the server with
 * no tsx wrapper in between. Locus's own packages are bundled; every npm package stays an
 * import from node_modules (native modules, data files and pino transports load as usual).
 */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const serverDistDir = path.join(repoRoot, 'dist', 'server');

/** Output name → entry point. */
export const serverEntryPoints: Record<string, string> = {
  'start-all': 'deploy/src/start-all.ts',
  'serve-web': 'deploy/src/serve-web.ts',
  'bootstrap-admin': 'deploy/src/bootstrap-admin.ts',
  'command-api': 'command-api/src/main.ts',
  'query-api': 'query-api/src/main.ts',
  projectors: 'projectors/src/main.ts',
  'reactor-worker': 'command-api/src/reactor-worker.ts',
  'projections-cli': 'projectors/src/cli.ts',
  // The embedded read store's writer thread, loaded by name from beside the chunks (sqlite-file.ts).
  'read-store-writer': 'platform/src/read-store/embedded/sqlite-writer-thread.ts',
  // A projection on its own thread (the company history), loaded by name from beside the chunks (projection-threads.ts).
  'projection-thread': 'deploy/src/projection-thread.ts',
};

const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@locus/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds into a staging folder beside dist/server and swaps it in only when its output differs:
 * a server already running from dist/server (tests start several at once) never sees its files
 * vanish, and two builds at once cannot interleave their writes.
 */
export async function buildServer(): Promise<void> {
  mkdirSync(path.dirname(serverDistDir), { recursive: true });
  // Same depth as dist/server, so source-map paths come out identical.
  const staging = mkdtempSync(`${serverDistDir}-build-`);
  chmodSync(staging, 0o755);
  try {
    await build({
      absWorkingDir: repoRoot,
      entryPoints: Object.fromEntries(Object.entries(serverEntryPoints).map(([name, file]) => [name, path.join(repoRoot, file)])),
      outdir: staging,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      // Chunks sit directly in dist/server, two levels below the repository like deploy/src.
      chunkNames: '[name]-[hash]',
      plugins: [npmPackagesExternal],
      logLevel: 'warning',
    });
    // The API reference's browser bundle, served by /api/docs from beside the compiled code.
    const fromQueryApi = createRequire(path.join(repoRoot, 'query-api', 'package.json'));
    copyFileSync(fromQueryApi.resolve('@scalar/api-reference/browser/standalone.js'), path.join(staging, 'scalar.standalone.js'));
    swapIn(staging);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function swapIn(staging: string): void {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (sameFiles(staging, serverDistDir)) return;
    const retired = `${staging}-retired`;
    try {
      renameSync(serverDistDir, retired);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      renameSync(staging, serverDistDir);
      return;
    } catch (error) {
      // Another build swapped its output in between: compare again with that one.
      if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    } finally {
      rmSync(retired, { recursive: true, force: true });
    }
  }
  throw new Error(`${serverDistDir} kept changing while it was being replaced`);
}

function sameFiles(a: string, b: string): boolean {
  let names: string[];
  try {
    names = readdirSync(b).sort();
  } catch {
    return false;
  }
  const ours = readdirSync(a).sort();
  if (ours.join('\n') !== names.join('\n')) return false;
  return ours.every((name) => readFileSync(path.join(a, name)).equals(readFileSync(path.join(b, name))));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  process.stdout.write(`Server built into ${path.relative(process.cwd(), serverDistDir) || '.'}\n`);
}
