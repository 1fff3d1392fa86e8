import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from './bus';
import { BusClosedError } from './in-process-bus';
import { InvalidSubjectError } from './subject';

/** Resolves when `predicate` holds, checking after every macrotask; rejects after `ms`. */
export async function eventually(predicate: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function recorder(bus: Bus, pattern: string) {
  const got: BusMessage[] = [];
  const sub = bus.subscribe(pattern, (m) => got.push(m));
  return { got, subjects: () => got.map((m) => m.subject), sub };
}

/**
 * One behaviour for every Bus adapter. Absence of a delivery is proven by ordering: a later
 * message on a subject the same subscription does match must arrive, and the unwanted one
 * must not have arrived before it.
 */
export function busContract(name: string, make: () => Bus | Promise<Bus>): void {
  describe(`Bus contract — ${name}`, () => {
    let bus: Bus;
    // Unique prefix per test so concurrent runs on a shared NATS server do not interfere.
    let p: string;
    beforeEach(async () => {
      bus = await make();
      p = `t${Math.random().toString(36).slice(2, 10)}`;
    });
    afterEach(async () => {
      await bus.close();
    });

    it('delivers a JSON copy of the payload to a subscriber of the exact subject', async () => {
      const r = recorder(bus, `${p}.company.c1.changed.locations`);
      await bus.flush();
      const sent = { kind: 'changed', id: 'l1', at: new Date('2024-01-02T03:04:05.000Z'), n: 3, nested: { a: [1, 2] } };
      bus.publish(`${p}.company.c1.changed.locations`, sent);
      await bus.flush();
      await eventually(() => r.got.length === 1, 5_000, 'delivery');
      expect(r.got[0]).toEqual({
        subject: `${p}.company.c1.changed.locations`,
        data: { kind: 'changed', id: 'l1', at: '2024-01-02T03:04:05.000Z', n: 3, nested: { a: [1, 2] } },
      });
      expect(r.got[0]!.data).not.toBe(sent);
    });

    it('sends undefined as null and keeps scalar payloads', async () => {
      const r = recorder(bus, `${p}.scalars`);
      await bus.flush();
      bus.publish(`${p}.scalars`, undefined);
      bus.publish(`${p}.scalars`, 42);
      bus.publish(`${p}.scalars`, 'text');
      await bus.flush();
      await eventually(() => r.got.length === 3);
      expect(r.got.map((m) => m.data)).toEqual([null, 42, 'text']);
    });

    it('"*" matches exactly one token', async () => {
      const r = recorder(bus, `${p}.company.*.changed`);
      await bus.flush();
      bus.publish(`${p}.company.changed`, 1);
      bus.publish(`${p}.company.c1.c2.changed`, 2);
      bus.publish(`${p}.company.c1.changed.x`, 3);
      bus.publish(`${p}.company.c1.changed`, 4);
      bus.publish(`${p}.company.c2.changed`, 5);
      await bus.flush();
      await eventually(() => r.got.length >= 2);
      expect(r.got.map((m) => m.data)).toEqual([4, 5]);
    });

    it('">" matches one or more trailing tokens but not zero', async () => {
      const r = recorder(bus, `${p}.live.company.c1.>`);
      await bus.flush();
      bus.publish(`${p}.live.company.c1`, 1);
      bus.publish(`${p}.live.company.c2.changed.x`, 2);
      bus.publish(`${p}.live.company.c1.changed.locations`, 3);
      bus.publish(`${p}.live.company.c1.notify`, 4);
      await bus.flush();
      await eventually(() => r.got.length >= 2);
      expect(r.subjects()).toEqual([`${p}.live.company.c1.changed.locations`, `${p}.live.company.c1.notify`]);
    });

    it('combines "*" and ">" in one pattern', async () => {
      const r = recorder(bus, `${p}.*.checkpoint.>`);
      await bus.flush();
      bus.publish(`${p}.ops.checkpoint`, 1);
      bus.publish(`${p}.ops.other.x`, 2);
      bus.publish(`${p}.ops.checkpoint.companies`, 3);
      bus.publish(`${p}.x.checkpoint.a.b`, 4);
      await bus.flush();
      await eventually(() => r.got.length >= 2);
      expect(r.got.map((m) => m.data)).toEqual([3, 4]);
    });

    it('delivers to every matching subscriber, each in publish order', async () => {
      const a = recorder(bus, `${p}.order.*`);
      const b = recorder(bus, `${p}.order.>`);
      const c = recorder(bus, `${p}.order.x`);
      await bus.flush();
      for (let i = 0; i < 200; i++) bus.publish(`${p}.order.${i % 2 ? 'x' : 'y'}`, i);
      await bus.flush();
      await eventually(() => a.got.length === 200 && b.got.length === 200 && c.got.length === 100);
      const all = Array.from({ length: 200 }, (_, i) => i);
      expect(a.got.map((m) => m.data)).toEqual(all);
      expect(b.got.map((m) => m.data)).toEqual(all);
      expect(c.got.map((m) => m.data)).toEqual(all.filter((i) => i % 2));
    });

    it('stops delivering after unsubscribe', async () => {
      const gone = recorder(bus, `${p}.u.a`);
      const kept = recorder(bus, `${p}.u.>`);
      await bus.flush();
      bus.publish(`${p}.u.a`, 1);
      await bus.flush();
      await eventually(() => gone.got.length === 1 && kept.got.length === 1);
      gone.sub.unsubscribe();
      gone.sub.unsubscribe(); // twice is harmless
      await bus.flush();
      bus.publish(`${p}.u.a`, 2);
      bus.publish(`${p}.u.end`, 3);
      await bus.flush();
      await eventually(() => kept.got.length === 3);
      expect(gone.got.map((m) => m.data)).toEqual([1]);
    });

    it('isolates a failing subscriber from the others and from the publisher', async () => {
      bus.subscribe(`${p}.boom`, () => {
        throw new Error('subscriber bug');
      });
      const ok = recorder(bus, `${p}.boom`);
      await bus.flush();
      expect(() => bus.publish(`${p}.boom`, 1)).not.toThrow();
      bus.publish(`${p}.boom`, 2);
      await bus.flush();
      await eventually(() => ok.got.length === 2);
      expect(ok.got.map((m) => m.data)).toEqual([1, 2]);
    });

    it('rejects wildcards when publishing and malformed patterns', () => {
      expect(() => bus.publish(`${p}.a.*`, 1)).toThrow(InvalidSubjectError);
      expect(() => bus.publish(`${p}.a.>`, 1)).toThrow(InvalidSubjectError);
      expect(() => bus.publish(`${p}..a`, 1)).toThrow(InvalidSubjectError);
      expect(() => bus.publish('', 1)).toThrow(InvalidSubjectError);
      expect(() => bus.publish(`${p}.a b`, 1)).toThrow(InvalidSubjectError);
      expect(() => bus.subscribe(`${p}.>.a`, () => undefined)).toThrow(InvalidSubjectError);
      expect(() => bus.subscribe(`${p}.a*`, () => undefined)).toThrow(InvalidSubjectError);
      expect(() => bus.subscribe(`${p}.a.`, () => undefined)).toThrow(InvalidSubjectError);
    });

    it('refuses to publish after close', async () => {
      await bus.close();
      expect(() => bus.publish(`${p}.closed`, 1)).toThrow(BusClosedError);
      await bus.close(); // idempotent
    });
  });
}
