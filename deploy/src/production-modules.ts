import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The npm packages the production image needs: the production dependency tree of
 * @locus/deploy (`npm ls --omit=dev`), which leaves out the sandbox and what only it uses
 * (smtp-server, mailparser, gpt-tokenizer). Locus's own packages are bundled into dist/server,
 * so only the packages under node_modules are copied (deploy/Dockerfile).
 */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Absolute paths of the installed packages in @locus/deploy's production tree. */
export function productionPackages(): string[] {
  const listed = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '--workspace', '@locus/deploy'], { cwd: repoRoot, encoding: 'utf8' });
  if (!listed.stdout) throw new Error(`npm ls failed: ${listed.stderr}`);
  const modules = path.join(repoRoot, 'node_modules') + path.sep;
  return [...new Set(listed.stdout.split('\n').filter((p) => p.startsWith(modules)))].sort();
}

/** Copies each package (its nested node_modules only when listed itself) into OUT/node_modules. */
export function copyProductionModules(out: string): string[] {
  const modules = path.join(repoRoot, 'node_modules');
  const packages = productionPackages();
  mkdirSync(path.join(out, 'node_modules'), { recursive: true });
  for (const pkg of packages) {
    cpSync(pkg, path.join(out, 'node_modules', path.relative(modules, pkg)), {
      recursive: true,
      filter: (source) => !path.relative(pkg, source).split(path.sep).includes('node_modules'),
    });
  }
  return packages;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const out = path.resolve(process.argv[2] ?? 'prod');
  const copied = copyProductionModules(out);
  process.stdout.write(`${copied.length} production packages copied into ${path.join(out, 'node_modules')}\n`);
}
