import { describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { createInProcessBus } from './in-process-bus';

describe('in-process bus: one decoded copy per message', () => {
  it("hands every subscriber the same frozen copy, never the publisher's object", async () => {
    const bus = createInProcessBus();
    const got: BusMessage[] = [];
    for (let i = 0; i < 3; i++) bus.subscribe('live.company.c1.>', (m) => got.push(m));
    const sent = { kind: 'changed', ids: ['a'], nested: { n: 1 } };
    bus.publish('live.company.c1.changed.locations', sent);
    await bus.flush();
    expect(got).toHaveLength(3);
    expect(got[0]!.data).toEqual(sent);
    expect(got[0]!.data).not.toBe(sent);
    expect(got[1]!.data).toBe(got[0]!.data);
    expect(got[2]!.data).toBe(got[0]!.data);
    // Frozen all the way down: no subscriber can change what the others see.
    const data = got[0]!.data as typeof sent;
    expect(Object.isFrozen(data) && Object.isFrozen(data.ids) && Object.isFrozen(data.nested)).toBe(true);
    await bus.close();
  });
});
