import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../aggregate';

/**
 * Decider tests that read as specifications:
 * `spec(decider).given([events]).when(command).then([events])` or `.thenThrows({ code })`.
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          const run = () => {
            const decided = decider.decide(command, state);
            return Array.isArray(decided) ? decided : [decided];
          };
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(error: { code: string; kind?: string }) {
              expect(run).toThrow(expect.objectContaining(error));
            },
          };
        },
      };
    },
  };
}
