import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, realEndpoints } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the defaults and points at the real Google and Microsoft endpoints without the sandbox', () => {
    const dataDir = tempDir();
    const config = loadConfig({ LOCUS_DATA_DIR: dataDir });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(dataDir);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.eventStoreUrl).toBeUndefined();
    expect(config.mongoUrl).toBeUndefined();
    expect(config.natsUrl).toBeUndefined();
    expect(config.sandbox).toEqual({ enabled: false, httpPort: 8081, smtpPort: 8082 });
    expect(config.host).toBe('127.0.0.1');
    expect(config.google.authUrl).toBe(realEndpoints.google.authUrl);
    expect(config.google.v4Url).toBe('https://mybusiness.googleapis.com/v4');
    expect(config.graph.graphUrl).toBe('https://graph.microsoft.com/v1.0');
    expect(config.demo).toBe(false);
  });

  it('generates the JWT secret and encryption key once, 0600, and keeps them across loads', () => {
    const dataDir = tempDir();
    const first = loadConfig({ LOCUS_DATA_DIR: dataDir });
    const second = loadConfig({ LOCUS_DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.encryptionKey, 'base64')).toHaveLength(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey).toBe(first.encryptionKey);
    for (const name of ['jwt-secret', 'encryption-key']) {
      expect(statSync(path.join(dataDir, name)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ LOCUS_DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('listens on HOST when set (default 127.0.0.1)', () => {
    expect(loadConfig({ LOCUS_DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('takes secrets from the environment when set', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({ LOCUS_DATA_DIR: tempDir(), LOCUS_JWT_SECRET: 'x'.repeat(40), LOCUS_ENCRYPTION_KEY: key });
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(config.encryptionKey).toBe(key);
  });

  it('points Google, Graph and SMTP at the sandbox when enabled, on PORT+1 and PORT+2', () => {
    const config = loadConfig({ LOCUS_DATA_DIR: tempDir(), PORT: '9000' }, { sandboxByDefault: true });
    expect(config.sandbox).toEqual({ enabled: true, httpPort: 9001, smtpPort: 9002 });
    expect(config.smtp.port).toBe(9002);
    expect(config.google.tokenUrl).toBe('http://127.0.0.1:9001/google/oauth/token');
    expect(config.graph.loginUrl).toBe('http://127.0.0.1:9001/microsoft/login');
    expect(config.smtp).toMatchObject({ host: '127.0.0.1', port: 9002 });
    expect(config.google.clientId).not.toBe('');
    expect(config.demo).toBe(true);
    const off = loadConfig({ LOCUS_DATA_DIR: tempDir(), LOCUS_SANDBOX: 'false' }, { sandboxByDefault: true });
    expect(off.sandbox.enabled).toBe(false);
    expect(off.google.tokenUrl).toBe(realEndpoints.google.tokenUrl);
  });

  it('lets a variable override one endpoint and reads the distributed-mode URLs', () => {
    const config = loadConfig({
      LOCUS_DATA_DIR: tempDir(),
      LOCUS_GOOGLE_V4_URL: 'http://proxy.internal/v4/',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      MONGODB_DB: 'locus_prod',
      NATS_URL: 'nats://nats:4222',
      REDIS_URL: 'redis://redis:6379',
      LOCUS_JWT_SECRET: 'j'.repeat(40),
      LOCUS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.google.v4Url).toBe('http://proxy.internal/v4');
    expect(config.eventStoreUrl).toBe('esdb://es:2113?tls=false');
    expect(config.mongoUrl).toBe('mongodb://mongo:27017/?replicaSet=rs0');
    expect(config.mongoDbName).toBe('locus_prod');
    expect(config.natsUrl).toBe('nats://nats:4222');
  });

  it('reads the keys from files (container secrets), and earlier keys for a rotation', () => {
    const dir = tempDir();
    const key = Buffer.alloc(32, 9).toString('base64');
    const oldKeys = [Buffer.alloc(32, 1).toString('base64'), Buffer.alloc(32, 2).toString('base64')];
    writeFileSync(path.join(dir, 'jwt'), `${'s'.repeat(40)}\n`);
    writeFileSync(path.join(dir, 'key'), key);
    writeFileSync(path.join(dir, 'old-keys'), `${oldKeys[0]}\n${oldKeys[1]}\n`);
    const config = loadConfig({
      LOCUS_DATA_DIR: dir,
      LOCUS_JWT_SECRET_FILE: path.join(dir, 'jwt'),
      LOCUS_JWT_SECRET_PREVIOUS: `${'p'.repeat(40)}, ${'q'.repeat(40)}`,
      LOCUS_ENCRYPTION_KEY_FILE: path.join(dir, 'key'),
      LOCUS_ENCRYPTION_KEY_PREVIOUS_FILE: path.join(dir, 'old-keys'),
    });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.previousJwtSecrets).toEqual(['p'.repeat(40), 'q'.repeat(40)]);
    expect(config.encryptionKey).toBe(key);
    expect(config.previousEncryptionKeys).toEqual(oldKeys);
    // Nothing was generated into the data dir.
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    expect(existsSync(path.join(dir, 'encryption-key'))).toBe(false);

    expect(() => loadConfig({ LOCUS_DATA_DIR: dir, LOCUS_JWT_SECRET: 'x'.repeat(40), LOCUS_JWT_SECRET_FILE: path.join(dir, 'jwt') })).toThrow(
      /^LOCUS_JWT_SECRET: set either/,
    );
    expect(() => loadConfig({ LOCUS_DATA_DIR: dir, LOCUS_ENCRYPTION_KEY_FILE: path.join(dir, 'missing') })).toThrow(/^LOCUS_ENCRYPTION_KEY_FILE:/);
    expect(() => loadConfig({ LOCUS_DATA_DIR: dir, LOCUS_ENCRYPTION_KEY_PREVIOUS: 'c2hvcnQ=' })).toThrow(/^LOCUS_ENCRYPTION_KEY_PREVIOUS:/);
  });

  it('refuses to start in distributed mode without the keys and the shared rate-limit store, naming what is missing', () => {
    const distributed = {
      LOCUS_DATA_DIR: tempDir(),
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      REDIS_URL: 'redis://redis:6379',
    };
    const secret = { LOCUS_JWT_SECRET: 'j'.repeat(40) };
    const key = { LOCUS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(() => loadConfig({ ...distributed, ...key })).toThrow(/^LOCUS_JWT_SECRET: is required in distributed mode/);
    expect(() => loadConfig({ ...distributed, ...secret })).toThrow(/^LOCUS_ENCRYPTION_KEY: is required in distributed mode/);
    expect(() => loadConfig({ ...distributed, ...secret, ...key, REDIS_URL: '' })).toThrow(/^REDIS_URL: is required in distributed mode/);
    expect(loadConfig({ ...distributed, ...secret, ...key }).jwtSecret).toBe('j'.repeat(40));
    // Nothing was generated beside the data either.
    expect(existsSync(path.join(distributed.LOCUS_DATA_DIR, 'jwt-secret'))).toBe(false);
  });

  it('names the variable of a bad value', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/^PORT:/);
    expect(() => loadConfig({ LOCUS_DATA_DIR: dataDir, LOCUS_SANDBOX: 'maybe' })).toThrow(/^LOCUS_SANDBOX:/);
    expect(() => loadConfig({ LOCUS_DATA_DIR: dataDir, LOCUS_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/^LOCUS_ENCRYPTION_KEY:/);
    expect(() => loadConfig({ LOCUS_DATA_DIR: dataDir, LOCUS_JWT_SECRET: 'short' })).toThrow(/^LOCUS_JWT_SECRET:/);
    expect(() => loadConfig({ LOCUS_DATA_DIR: dataDir, LOCUS_PUBLIC_URL: 'not a url' })).toThrow(/^LOCUS_PUBLIC_URL:/);
  });
});
