import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run test:distributed`: starts compose's EventStoreDB, MongoDB, NATS and Redis (the images
 * deploy/compose.yaml runs, with ports published by deploy/compose.test-engines.yaml), runs both
 * adapters' contract suites and the distributed smoke test against them, then removes the
 * containers and their volumes. Not part of `npm test`: it needs a Docker engine that can pull
 * images. Exit code: the tests' own, or 2 when Docker cannot run them (with what is missing).
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const project = 'locus-test-engines';
const ports = { esdb: 12113, mongo: 37017, nats: 14222, redis: 16379 };
const specs = [
  'platform/src/event-store/eventstoredb-event-store.int.spec.ts',
  'platform/src/read-store/mongo-read-store.int.spec.ts',
  'deploy/src/distributed-smoke.int.spec.ts',
];

function run(cmd: string, args: string[], options: SpawnSyncOptions = {}) {
  return spawnSync(cmd, args, { cwd: repoRoot, encoding: 'utf8', ...options });
}

/** What is missing for Docker to run the engines, or null when it can. */
export function dockerMissing(): string | null {
  const client = run('docker', ['version', '--format', '{{.Client.Version}}']);
  if (client.error) return 'the docker command (Docker Engine or Docker Desktop, https://docs.docker.com/engine/install/)';
  const compose = run('docker', ['compose', 'version']);
  if (compose.status !== 0) return 'the Docker Compose plugin v2 (`docker compose version` must answer)';
  const engine = run('docker', ['info', '--format', '{{.ServerVersion}}']);
  if (engine.status !== 0) {
    const why = `${engine.stderr ?? ''}`.trim().split('\n')[0] ?? '';
    return `a running Docker engine the current user may use (docker info: ${why || `exit ${engine.status}`})`;
  }
  return null;
}

function main(): number {
  const missing = dockerMissing();
  if (missing) {
    process.stderr.write(
      [
        'test:distributed cannot run here: it needs ' + missing + '.',
        'It also pulls eventstore/eventstore:24.10, eventstore/es-gencert-cli:1.0.2, mongo:8, nats:2.10-alpine and redis:7',
        `(network access to Docker Hub) and publishes 127.0.0.1 ports ${Object.values(ports).join(', ')}.`,
        'Nothing was tested. The adapters suites run without Docker too, against servers of your own:',
        '  EVENTSTORE_URL=esdb://... MONGODB_URL=mongodb://...?replicaSet=rs0 npx vitest run --project int ' + specs.slice(0, 2).join(' '),
        '',
      ].join('\n'),
    );
    return 2;
  }

  const secrets = mkdtempSync(path.join(os.tmpdir(), 'locus-test-engines-'));
  const password = () => randomBytes(18).toString('hex');
  const pw = { esdb: password(), mongo: password(), nats: password(), redis: password() };
  for (const name of ['mongo', 'nats', 'redis'] as const) writeFileSync(path.join(secrets, `${name}_password`), pw[name], { mode: 0o600 });
  const composeEnv = {
    ...process.env,
    EVENTSTORE_ADMIN_PASSWORD: pw.esdb,
    LOCUS_TEST_SECRETS: secrets,
    LOCUS_TEST_ESDB_PORT: String(ports.esdb),
    LOCUS_TEST_MONGO_PORT: String(ports.mongo),
    LOCUS_TEST_NATS_PORT: String(ports.nats),
    LOCUS_TEST_REDIS_PORT: String(ports.redis),
  };
  const compose = (...args: string[]) =>
    run('docker', ['compose', '-p', project, '-f', 'deploy/compose.yaml', '-f', 'deploy/compose.test-engines.yaml', ...args], {
      env: composeEnv,
      stdio: 'inherit',
    });

  try {
    // The engines only; the replica set is initiated by compose's own one-shot service.
    if (compose('up', '-d', '--wait', '--wait-timeout', '300', 'eventstore', 'mongo', 'nats', 'redis').status !== 0) return 1;
    if (compose('run', '--rm', 'mongo-init').status !== 0) return 1;
    const env = {
      ...process.env,
      // The node certificate is signed by the CA compose made for this run (in its volume).
      EVENTSTORE_URL: `esdb://admin:${pw.esdb}@localhost:${ports.esdb}?tls=true&tlsVerifyCert=false`,
      // The replica set names its member mongo:27017 (compose's network): connect to it directly.
      MONGODB_URL: `mongodb://locus:${pw.mongo}@127.0.0.1:${ports.mongo}/?directConnection=true&authSource=admin`,
      NATS_URL: `nats://locus:${pw.nats}@127.0.0.1:${ports.nats}`,
      REDIS_URL: `redis://:${pw.redis}@127.0.0.1:${ports.redis}`,
      LOCUS_DISTRIBUTED_SMOKE: '1',
    };
    const tests = run('npx', ['vitest', 'run', '--project', 'int', ...specs], { env, stdio: 'inherit' });
    return tests.status ?? 1;
  } finally {
    compose('down', '--volumes', '--remove-orphans');
    rmSync(secrets, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exit(main());
