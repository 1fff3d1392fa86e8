import { expect } from 'vitest';
import { decideAll, foldEvents, type Decider, type DomainEvent } from '../decider';

/**
 * Decider tests that read as specifications:
 * `deciderSpec(decider).given([events]).when(command).then([events])` or `.thenThrows(code)`.
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given(events: E[]) {
      const state = foldEvents(decider, events);
      return {
        when(command: C) {
          const run = () => decideAll(decider, command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            /** The refusal: its code, or code and kind. */
            thenThrows(error: string | { code: string; kind?: string }) {
              expect(run).toThrow(expect.objectContaining(typeof error === 'string' ? { code: error } : error));
            },
          };
        },
      };
    },
  };
}
