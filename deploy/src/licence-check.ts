import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run lint` step: fails when a production dependency (anything `npm start` or the images
 * ship, dev-only packages excluded) is licensed under the GPL or AGPL only. The tree comes from
 * npm itself (`npm query .prod`), so workspaces and nested packages are all seen.
 */
export interface InstalledPackage {
  name: string;
  version?: string;
  license?: string | { type?: string };
  private?: boolean;
  path?: string;
}

export interface LicenceFinding {
  name: string;
  version?: string;
  licence: string;
}

const COPYLEFT = /^A?GPL(-|$)/i;
const PERMISSIVE_TEXT = /\b(MIT License|ISC License|BSD|Apache License|The Unlicense|Zero-Clause BSD)\b/i;

/** True when every alternative of an SPDX expression needs a GPL or AGPL licence. */
export function isCopyleftOnly(expression: string): boolean {
  const alternatives = expression.replace(/[()]/g, ' ').split(/\s+OR\s+/i);
  return alternatives.every((alternative) => alternative.split(/\s+(?:AND|WITH)\s+/i).some((id) => COPYLEFT.test(id.trim())));
}

const licenceOf = (pkg: InstalledPackage): string | undefined => (typeof pkg.license === 'string' ? pkg.license : pkg.license?.type);

/** A package without a licence field passes when its LICENSE file is a permissive one. */
function permissiveLicenceFile(dir: string | undefined): boolean {
  if (!dir) return false;
  const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE', 'license'].map((name) => path.join(dir, name)).find(existsSync);
  return file !== undefined && PERMISSIVE_TEXT.test(readFileSync(file, 'utf8').slice(0, 400));
}

/** Copyleft-only and unlabelled packages among `packages` (private workspaces are ours). */
export function checkLicences(packages: readonly InstalledPackage[]): { copyleft: LicenceFinding[]; unlabelled: LicenceFinding[] } {
  const copyleft: LicenceFinding[] = [];
  const unlabelled: LicenceFinding[] = [];
  for (const pkg of packages) {
    if (pkg.private) continue;
    const licence = licenceOf(pkg);
    if (!licence) {
      if (!permissiveLicenceFile(pkg.path)) unlabelled.push({ name: pkg.name, version: pkg.version, licence: 'none' });
    } else if (isCopyleftOnly(licence)) copyleft.push({ name: pkg.name, version: pkg.version, licence });
  }
  return { copyleft, unlabelled };
}

export function productionPackages(cwd: string): InstalledPackage[] {
  return JSON.parse(execFileSync('npm', ['query', '.prod'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const packages = productionPackages(path.resolve(import.meta.dirname, '..', '..'));
  const { copyleft, unlabelled } = checkLicences(packages);
  const list = (findings: LicenceFinding[]) => findings.map((f) => `  ${f.name}@${f.version ?? '?'} (${f.licence})`).join('\n');
  if (copyleft.length) process.stderr.write(`GPL/AGPL production dependencies:\n${list(copyleft)}\n`);
  if (unlabelled.length) process.stderr.write(`Production dependencies without a recognisable licence:\n${list(unlabelled)}\n`);
  if (copyleft.length || unlabelled.length) process.exit(1);
  process.stdout.write(`Licences: ${packages.length} production packages, none GPL or AGPL.\n`);
}
