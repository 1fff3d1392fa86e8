import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Bus } from './bus';
import { busContract, eventually } from './bus.contract';
import { createInProcessBus } from './in-process-bus';
import { connectBus, serveBus } from './port-bus';

/** A bus lent over a MessagePort (the projection thread's view of the server's bus). */
function lentBus(): { remote: Bus; local: Bus } {
  const local = createInProcessBus();
  const { port1, port2 } = new MessageChannel();
  const served = serveBus(local, port1);
  const remote = connectBus(port2);
  const close = remote.close.bind(remote);
  remote.close = async () => {
    await close();
    served.close();
    port1.close();
    await local.close();
  };
  return { remote, local };
}

busContract('over a MessagePort', () => lentBus().remote);

describe('bus over a MessagePort', () => {
  it('hands what one side publishes to the other side’s subscribers, in order, both ways', async () => {
    const { remote, local } = lentBus();
    try {
      const atLocal: unknown[] = [];
      const atRemote: unknown[] = [];
      local.subscribe('locus.projections.>', (m) => atLocal.push(m.data));
      remote.subscribe('locus.ops.>', (m) => atRemote.push(m.data));
      await remote.flush();
      for (let i = 0; i < 5; i++) remote.publish('locus.projections.checkpoint', { i });
      local.publish('locus.ops.switched', { projection: 'history' });
      await remote.flush();
      await eventually(() => atLocal.length === 5 && atRemote.length === 1);
      expect(atLocal).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
      expect(atRemote).toEqual([{ projection: 'history' }]);
    } finally {
      await remote.close();
    }
  });
});
