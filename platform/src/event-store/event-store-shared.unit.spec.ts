import { describe, expect, it } from 'vitest';
import { createStartGate } from './event-store-shared';

describe('start gate (appends wait for an `after: end` start being found)', () => {
  it('lets appends through at once while no start is pending', () => {
    expect(createStartGate().passed()).toBeNull();
  });

  it('holds them until every pending start has settled, found or failed', async () => {
    const gate = createStartGate();
    let found!: (head: number) => void;
    let failed!: (error: Error) => void;
    const first = gate.hold(new Promise<number>((resolve) => (found = resolve)));
    const second = gate.hold(new Promise<number>((_, reject) => (failed = reject)));
    second.catch(() => undefined);
    let through = false;
    const waiting = gate.passed()!.then(() => (through = true));
    found(7);
    expect(await first).toBe(7);
    await Promise.resolve();
    expect(through).toBe(false);
    failed(new Error('server gone'));
    await waiting;
    expect(through).toBe(true);
    expect(gate.passed()).toBeNull();
  });
});
