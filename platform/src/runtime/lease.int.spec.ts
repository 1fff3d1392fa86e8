import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import { CheckpointFencedError } from '../read-store/read-store-errors';
import { createLeases, fencedCheckpoint, withLease, type LeaseFence } from './lease';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c.close();
});

/** Two holders on one store whose clock (the only one leases go by) the test moves. */
function setup() {
  let now = Date.parse('2024-01-01T00:00:00Z');
  const readStore = createEmbeddedReadStore({ file: ':memory:', now: () => new Date(now) });
  closers.push(readStore);
  const advance = (ms: number) => (now += ms);
  const a = createLeases({ readStore, holder: 'host-a:1', ttlMs: 10_000 });
  const b = createLeases({ readStore, holder: 'host-b:2', ttlMs: 10_000 });
  return { readStore, a, b, advance };
}

describe('leases', () => {
  it('one holder at a time; the holder may re-acquire and renew', async () => {
    const { a, b } = setup();
    expect(await a.tryAcquire('projection:shop')).toBe(true);
    expect(await b.tryAcquire('projection:shop')).toBe(false);
    expect(await a.tryAcquire('projection:shop')).toBe(true);
    expect(await a.renew('projection:shop')).toBe(true);
    expect(await b.renew('projection:shop')).toBe(false);
    expect(await a.current('projection:shop')).toMatchObject({ holder: 'host-a:1', companyId: null });
    expect(await b.tryAcquire('reactor:mailer')).toBe(true); // other names are independent
  });

  it('an expired lease is taken over, and the old holder learns it on renew', async () => {
    const { a, b, advance } = setup();
    await a.tryAcquire('projection:shop');
    advance(9_999);
    expect(await b.tryAcquire('projection:shop')).toBe(false);
    advance(1);
    expect(await b.tryAcquire('projection:shop')).toBe(true);
    expect(await a.renew('projection:shop')).toBe(false);
    expect(await a.tryAcquire('projection:shop')).toBe(false);
  });

  it('release frees the lease only for its holder', async () => {
    const { a, b } = setup();
    await a.tryAcquire('x');
    await b.release('x');
    expect(await b.tryAcquire('x')).toBe(false);
    await a.release('x');
    expect(await b.tryAcquire('x')).toBe(true);
  });

  it('withLease aborts the work when the lease is taken over', async () => {
    let now = 0;
    const readStore = createEmbeddedReadStore({ file: ':memory:', now: () => new Date(now) });
    closers.push(readStore);
    const a = createLeases({ readStore, holder: 'a', ttlMs: 150 });
    const b = createLeases({ readStore, holder: 'b', ttlMs: 150 });
    expect(await a.tryAcquire('n')).toBe(true);
    let lost = '';
    const run = withLease(
      a,
      'n',
      new AbortController().signal,
      (signal) =>
        new Promise<string>((resolve) => {
          now = 1_000; // a's lease expires: b takes it before a's next renewal
          void b.tryAcquire('n');
          signal.addEventListener('abort', () => resolve('aborted'));
        }),
      (reason) => (lost = reason),
    );
    expect(await run).toBe('aborted');
    expect(lost).toBe('lease taken over');
    expect(await b.current('n')).toMatchObject({ holder: 'b' });
  });

  it("fences checkpoints: a stalled holder's late commit is refused once its successor took the lease, and checkpoints never move back", async () => {
    const { readStore, a, b, advance } = setup();
    const write = (position: number, fence: number | undefined, id: string) =>
      readStore.commit({
        writes: [{ collection: 'shop_orders', ops: [{ insertOne: { document: { _id: id, companyId: null } } }] }],
        checkpoint: { name: 'projection:shop:g1', position, ...(fence !== undefined ? { fence } : {}) },
      });
    expect(await a.tryAcquire('projection:shop')).toBe(true);
    const epochA = (await a.epoch('projection:shop'))!;
    expect(await a.tryAcquire('projection:shop')).toBe(true); // a renewal keeps the epoch
    expect(await a.epoch('projection:shop')).toBe(epochA);
    await write(5, epochA, 'a1');

    advance(10_000); // a stalls past its lease; b takes it over and writes on
    expect(await b.tryAcquire('projection:shop')).toBe(true);
    const epochB = (await b.epoch('projection:shop'))!;
    expect(epochB).toBeGreaterThan(epochA);
    expect(await a.epoch('projection:shop')).toBeNull();
    await write(8, epochB, 'b1');

    // a wakes up and commits its in-flight batch (further on, even): refused, nothing written.
    await expect(write(12, epochA, 'a2')).rejects.toBeInstanceOf(CheckpointFencedError);
    // Not even b may move the checkpoint back.
    await expect(write(7, epochB, 'b2')).rejects.toMatchObject({ code: 'READ_STORE.CHECKPOINT_FENCED' });
    expect(await readStore.getCheckpoint('projection:shop:g1')).toMatchObject({ position: 8, fence: epochB });
    expect((await readStore.collection('shop_orders').find({})).map((d) => d._id).sort()).toEqual(['a1', 'b1']);
  });

  it("expiry is the store's: a stalled holder's late commit is refused once its lease lapsed by the store's clock, before anyone took it over", async () => {
    const { readStore, a, b, advance } = setup();
    const fenceOf = async (leases: typeof a): Promise<LeaseFence> => ({
      lease: 'reactor:mailer',
      holder: leases.holder,
      epoch: (await leases.epoch('reactor:mailer'))!,
    });
    const write = (position: number, fence: LeaseFence, id: string) =>
      readStore.commit({
        writes: [{ collection: 'mail_sent', ops: [{ insertOne: { document: { _id: id, companyId: null } } }] }],
        checkpoint: fencedCheckpoint('reactor:mailer', position, fence),
      });
    expect(await a.tryAcquire('reactor:mailer')).toBe(true);
    const fenceA = await fenceOf(a);
    await write(1, fenceA, 'a1');

    // a stalls (no renewal) until its lease is past its expiry by the store's clock. Nobody has
    // taken it yet, so the epoch alone would still let a write: the commit checks the expiry.
    advance(10_000);
    await expect(write(2, fenceA, 'a2')).rejects.toBeInstanceOf(CheckpointFencedError);

    // b takes it over (by the store's clock too) and commits; a's renewal fails and its
    // late commit stays refused; b's goes through.
    expect(await b.tryAcquire('reactor:mailer')).toBe(true);
    const fenceB = await fenceOf(b);
    expect(await a.renew('reactor:mailer')).toBe(false);
    await write(3, fenceB, 'b1');
    await expect(write(4, fenceA, 'a3')).rejects.toMatchObject({ code: 'READ_STORE.CHECKPOINT_FENCED' });
    // A holder that names itself but not the lease's epoch is refused as well.
    await expect(write(5, { ...fenceB, epoch: fenceB.epoch + 1 }, 'b2')).rejects.toBeInstanceOf(CheckpointFencedError);
    // Renewal keeps b's lease alive across what would otherwise be its expiry.
    advance(9_000);
    expect(await b.renew('reactor:mailer')).toBe(true);
    advance(9_000);
    await write(6, fenceB, 'b3');

    expect(await readStore.getCheckpoint('reactor:mailer')).toMatchObject({ position: 6, fence: fenceB.epoch });
    expect((await readStore.collection('mail_sent').find({})).map((d) => d._id).sort()).toEqual(['a1', 'b1', 'b3']);
  });

  it("the holders go by the store's time, not their own: acquiring and renewing read it from the store", async () => {
    const { readStore, a, b, advance } = setup();
    expect(await a.tryAcquire('n')).toBe(true);
    const stored = await a.current('n');
    expect(stored!.expiresAt).toBe((await readStore.serverTime()) + 10_000);
    advance(5_000);
    expect(await b.tryAcquire('n')).toBe(false);
    expect(await a.renew('n')).toBe(true);
    expect((await a.current('n'))!.expiresAt).toBe((await readStore.serverTime()) + 10_000);
  });
});
