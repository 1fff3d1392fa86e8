import { staffErrors, type StaffEvent } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/** Aggregate `staff-<staffId>`: one staff member of a company (a contact, not a login). */
export type StaffState =
  { status: 'none' } | { status: 'active' | 'deactivated'; companyId: string; firstName: string; lastName: string; email: string; phoneNumber: string };

export interface StaffDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export type StaffCommand =
  | { type: 'CreateStaffMember'; companyId: string; staffId: string; details: StaffDetails }
  | { type: 'UpdateStaffMember'; companyId: string; staffId: string; details: StaffDetails }
  | { type: 'DeactivateStaffMember'; companyId: string; staffId: string };

export const staffNotFound = () => fail(staffErrors.notFound);

/** Another company's staff member is answered like a missing one. */
function requireActive(state: StaffState, companyId: string) {
  if (state.status !== 'active' || state.companyId !== companyId) throw staffNotFound();
  return state;
}

export function decideStaff(command: StaffCommand, state: StaffState): StaffEvent[] {
  switch (command.type) {
    case 'CreateStaffMember':
      if (state.status !== 'none') return [];
      return [{ type: 'StaffMemberCreated', data: { companyId: command.companyId, staffId: command.staffId, ...command.details } }];
    case 'UpdateStaffMember': {
      const current = requireActive(state, command.companyId);
      const d = command.details;
      if (current.firstName === d.firstName && current.lastName === d.lastName && current.email === d.email && current.phoneNumber === d.phoneNumber) return [];
      return [{ type: 'StaffMemberUpdated', data: { companyId: command.companyId, staffId: command.staffId, ...d } }];
    }
    case 'DeactivateStaffMember':
      requireActive(state, command.companyId);
      return [{ type: 'StaffMemberDeactivated', data: { companyId: command.companyId, staffId: command.staffId } }];
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export function evolveStaff(state: StaffState, event: StaffEvent): StaffState {
  switch (event.type) {
    case 'StaffMemberCreated':
    case 'StaffMemberUpdated': {
      const { staffId: _s, ...rest } = event.data;
      return { status: 'active', ...rest };
    }
    case 'StaffMemberDeactivated':
      return state.status === 'none' ? state : { ...state, status: 'deactivated' };
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

export const staffDecider: Decider<StaffState, StaffCommand, StaffEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveStaff,
  decide: decideStaff,
};
