import { describe, expect, it } from 'vitest';
import type { StaffEvent } from '@locus/contracts';
import type { AppError } from '@locus/platform';
import { staffDecider, type StaffCommand } from './staff-member';

const decide = (events: StaffEvent[], command: StaffCommand) =>
  [staffDecider.decide(command, events.reduce(staffDecider.evolve, staffDecider.initialState()))].flat();
const details = { firstName: 'Ava', lastName: 'Lee', email: 'ava@x.com', phoneNumber: '' };
const created: StaffEvent = { type: 'StaffMemberCreated', data: { companyId: 'c1', staffId: 's1', ...details } };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'no error';
};

describe('staff decider', () => {
  it('creates a staff member once', () => {
    expect(decide([], { type: 'CreateStaffMember', companyId: 'c1', staffId: 's1', details })).toEqual([created]);
    expect(decide([created], { type: 'CreateStaffMember', companyId: 'c1', staffId: 's1', details })).toEqual([]);
  });

  it('updates only a changed, active member of the same company', () => {
    const update = (companyId: string, d = details): StaffCommand => ({ type: 'UpdateStaffMember', companyId, staffId: 's1', details: d });
    expect(decide([created], update('c1'))).toEqual([]);
    expect(decide([created], update('c1', { ...details, phoneNumber: '+1 512 555 0100' }))).toEqual([
      { type: 'StaffMemberUpdated', data: { companyId: 'c1', staffId: 's1', ...details, phoneNumber: '+1 512 555 0100' } },
    ]);
    expect(codeOf(() => decide([created], update('c2')))).toBe('STAFF.NOT_FOUND');
    expect(codeOf(() => decide([], update('c1')))).toBe('STAFF.NOT_FOUND');
  });

  it('deactivates once; a deactivated member is not found', () => {
    const deactivate: StaffCommand = { type: 'DeactivateStaffMember', companyId: 'c1', staffId: 's1' };
    const done = decide([created], deactivate);
    expect(done).toEqual([{ type: 'StaffMemberDeactivated', data: { companyId: 'c1', staffId: 's1' } }]);
    expect(codeOf(() => decide([created, ...done], deactivate))).toBe('STAFF.NOT_FOUND');
    expect(codeOf(() => decide([created], { ...deactivate, companyId: 'c2' }))).toBe('STAFF.NOT_FOUND');
  });
});
