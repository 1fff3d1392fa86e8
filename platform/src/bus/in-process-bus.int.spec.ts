import { describe, expect, it } from 'vitest';
import { busContract, eventually } from './bus.contract';
import { createInProcessBus } from './in-process-bus';

busContract('in-process', () => createInProcessBus());

describe('in-process bus', () => {
  it('delivers after publish returns, never synchronously inside it', async () => {
    const bus = createInProcessBus();
    const got: unknown[] = [];
    bus.subscribe('a.b', (m) => got.push(m.data));
    bus.publish('a.b', 1);
    expect(got).toEqual([]);
    await bus.flush();
    expect(got).toEqual([1]);
  });

  it('delivers messages published by a subscriber after the current ones', async () => {
    const bus = createInProcessBus();
    const got: string[] = [];
    bus.subscribe('x.>', (m) => {
      got.push(m.subject);
      if (m.subject === 'x.first') bus.publish('x.reply', null);
    });
    bus.publish('x.first', null);
    bus.publish('x.second', null);
    await eventually(() => got.length === 3);
    expect(got).toEqual(['x.first', 'x.second', 'x.reply']);
  });

  it('reports a failing subscriber to its logger', async () => {
    const errors: unknown[] = [];
    const bus = createInProcessBus({ logger: { error: (o) => errors.push(o) } });
    bus.subscribe('e', () => {
      throw new Error('bug');
    });
    bus.publish('e', 1);
    await bus.flush();
    expect(errors).toHaveLength(1);
  });
});
