import { describe, it } from 'vitest';
import type { StaffEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { staffDecider } from './staff-member';

const spec = deciderSpec(staffDecider);
const details = { firstName: 'Ann', lastName: 'Lee', email: 'ann@garcia.example', phoneNumber: '(404) 555-0100' };
const created: StaffEvent = { type: 'StaffMemberCreated', data: { companyId: 'c1', staffId: 's1', ...details } };
const deactivated: StaffEvent = { type: 'StaffMemberDeactivated', data: { companyId: 'c1', staffId: 's1' } };

describe('staff decider', () => {
  it('creates once (a retried create appends nothing)', () => {
    spec.given([]).when({ type: 'CreateStaffMember', companyId: 'c1', staffId: 's1', details }).then([created]);
    spec.given([created]).when({ type: 'CreateStaffMember', companyId: 'c1', staffId: 's1', details }).then([]);
  });

  it('updates only what changed, only an active member of the same company', () => {
    const moved = { ...details, phoneNumber: '(404) 555-0199' };
    spec
      .given([created])
      .when({ type: 'UpdateStaffMember', companyId: 'c1', staffId: 's1', details: moved })
      .then([{ type: 'StaffMemberUpdated', data: { companyId: 'c1', staffId: 's1', ...moved } }]);
    spec.given([created]).when({ type: 'UpdateStaffMember', companyId: 'c1', staffId: 's1', details }).then([]);
    spec
      .given([created])
      .when({ type: 'UpdateStaffMember', companyId: 'c2', staffId: 's1', details: moved })
      .thenThrows({ kind: 'not_found', code: 'STAFF.NOT_FOUND' });
    spec.given([created, deactivated]).when({ type: 'UpdateStaffMember', companyId: 'c1', staffId: 's1', details: moved }).thenThrows('STAFF.NOT_FOUND');
  });

  it('deactivates an active member once', () => {
    spec.given([created]).when({ type: 'DeactivateStaffMember', companyId: 'c1', staffId: 's1' }).then([deactivated]);
    spec.given([created, deactivated]).when({ type: 'DeactivateStaffMember', companyId: 'c1', staffId: 's1' }).thenThrows('STAFF.NOT_FOUND');
    spec.given([]).when({ type: 'DeactivateStaffMember', companyId: 'c1', staffId: 's1' }).thenThrows('STAFF.NOT_FOUND');
  });
});
