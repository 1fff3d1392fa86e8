import { describe, expect, it } from 'vitest';
import { createIdleGate } from './idle-gate';

/** A machine of 2 cores whose load the test sets: ticks (1/100 s) accrue as the fake clock moves. */
function machine(onSleep: (sleeps: number, load: { others: number; self: number }) => void = () => undefined) {
  let t = 0;
  let machineTicks = 0;
  let threadTicks = 0;
  const load = { others: 0, self: 0 }; // cores in use
  const advance = (ms: number) => {
    t += ms;
    machineTicks += ((load.others + load.self) * ms) / 10;
    threadTicks += (load.self * ms) / 10;
  };
  const slept: number[] = [];
  const gate = createIdleGate({
    cores: 2,
    checkMs: 20,
    maxWaitMs: 1_000,
    now: () => t,
    ticks: () => ({ machine: machineTicks, thread: threadTicks }),
    sleep: async (ms) => {
      slept.push(ms);
      onSleep(slept.length, load);
      advance(ms);
    },
  });
  return { gate, load, advance, slept, elapsed: () => t };
}

describe('idle gate', () => {
  it('lets work through at once when the rest of the machine leaves CPU to spare, whatever this thread used', async () => {
    const m = machine();
    m.load.self = 1;
    m.load.others = 0.4;
    m.advance(200);
    await m.gate();
    expect(m.slept).toEqual([]);
  });

  it('waits while others use more than a quarter of the cores, and goes on once they stop', async () => {
    // The others stop during the fifth wait.
    const m = machine((sleeps, load) => {
      if (sleeps === 5) load.others = 0.2;
    });
    m.load.others = 1.8;
    m.advance(200);
    await m.gate();
    expect(m.slept.length).toBe(5);
    expect(m.elapsed() - 200).toBe(100);
  });

  it('waits no longer than maxWaitMs under lasting load, then lets full batches through until the backlog is gone', async () => {
    const m = machine();
    m.load.others = 2;
    m.advance(200);
    let start = m.elapsed();
    await m.gate(undefined, { full: false });
    expect(m.elapsed() - start).toBeGreaterThanOrEqual(1_000);
    expect(m.elapsed() - start).toBeLessThan(1_100);
    // Catching up: full batches do not wait.
    start = m.elapsed();
    await m.gate(undefined, { full: true });
    await m.gate(undefined, { full: true });
    expect(m.elapsed()).toBe(start);
    // A batch that is not full ends it: waiting again.
    await m.gate(undefined, { full: false });
    expect(m.elapsed() - start).toBeGreaterThanOrEqual(1_000);
  });
});
