import type { OpsEvent } from '@locus/contracts';
import type { Decider } from '../kit/decider';

/**
 * Operators' actions are recorded, never refused by the stream itself: the checks (is it
 * parked, is a rebuild running) are made against the runtimes before deciding, and the
 * event says what was done and by whom (metadata's actor).
 */
export type OpsCommand = { type: 'RecordOpsAction'; event: OpsEvent };

export const opsDecider: Decider<null, OpsCommand, OpsEvent> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => {
    switch (command.type) {
      case 'RecordOpsAction':
        return command.event;
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown ops command ${String(unknown)}`);
      }
    }
  },
};
