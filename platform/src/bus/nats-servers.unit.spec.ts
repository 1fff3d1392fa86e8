import { describe, expect, it } from 'vitest';
import { natsServers } from './nats-bus';

describe('natsServers', () => {
  it('takes the credentials out of NATS_URL: user and password, or a token', () => {
    expect(natsServers('nats://locus:s%3Acret@nats:4222')).toEqual({ servers: ['nats://nats:4222'], auth: { user: 'locus', pass: 's:cret' } });
    expect(natsServers('nats://t0ken@nats:4222, nats://t0ken@nats2:4222')).toEqual({
      servers: ['nats://nats:4222', 'nats://nats2:4222'],
      auth: { token: 't0ken' },
    });
    expect(natsServers('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'], auth: {} });
  });
});
