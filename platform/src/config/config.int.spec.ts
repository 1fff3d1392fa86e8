import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
    expect(config.sandbox).toEqual({ enabled: false, httpPort: 8081, smtpPort: 2525 });
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

  it('takes secrets from the environment when set', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({ LOCUS_DATA_DIR: tempDir(), LOCUS_JWT_SECRET: 'x'.repeat(40), LOCUS_ENCRYPTION_KEY: key });
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(config.encryptionKey).toBe(key);
  });

  it('points Google, Graph and SMTP at the sandbox when enabled, on PORT+1 and 2525', () => {
    const config = loadConfig({ LOCUS_DATA_DIR: tempDir(), PORT: '9000' }, { sandboxByDefault: true });
    expect(config.sandbox).toEqual({ enabled: true, httpPort: 9001, smtpPort: 2525 });
    expect(config.google.tokenUrl).toBe('http://127.0.0.1:9001/google/oauth/token');
    expect(config.graph.loginUrl).toBe('http://127.0.0.1:9001/microsoft/login');
    expect(config.smtp).toMatchObject({ host: '127.0.0.1', port: 2525 });
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
    });
    expect(config.google.v4Url).toBe('http://proxy.internal/v4');
    expect(config.eventStoreUrl).toBe('esdb://es:2113?tls=false');
    expect(config.mongoUrl).toBe('mongodb://mongo:27017/?replicaSet=rs0');
    expect(config.mongoDbName).toBe('locus_prod');
    expect(config.natsUrl).toBe('nats://nats:4222');
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
