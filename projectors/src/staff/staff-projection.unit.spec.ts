import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@locus/platform/ports';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import { STAFF_COLLECTION, type StaffEvent } from '@locus/contracts';
import { staffProjection } from './staff-projection';

const at = (n: number) => `2025-01-15T10:00:0${n}.000Z`;
/** A fresh history: its n-th event happened at(n). */
const recording = () => {
  const record = recorder(at(0));
  return (e: StaffEvent | { type: 'CompanyDeleted'; data: { companyId: string } }) => record(e.type, e.data, e.data.companyId);
};
const given = (events: RecordedEvent[]) => projectInMemory(staffProjection, events);
const member = (staffId: string, companyId: string, firstName: string) => ({
  companyId,
  staffId,
  firstName,
  lastName: 'Lee',
  email: `${firstName}@x.com`.toLowerCase(),
  phoneNumber: '',
});

describe('staff projection', () => {
  const events = (recorded = recording()) => [
    recorded({ type: 'StaffMemberCreated', data: member('s1', 'c1', 'Ava') }),
    recorded({ type: 'StaffMemberCreated', data: member('s2', 'c1', 'Ben') }),
    recorded({ type: 'StaffMemberCreated', data: member('s3', 'c2', 'Cy') }),
    recorded({ type: 'StaffMemberUpdated', data: { ...member('s1', 'c1', 'Ava'), phoneNumber: '+1 512 555 0100' } }),
    recorded({ type: 'StaffMemberDeactivated', data: { companyId: 'c1', staffId: 's2' } }),
  ];

  it('lists active staff per company with created and updated dates', async () => {
    const m = await given(events());
    expect(m.all(STAFF_COLLECTION)).toEqual([
      { _id: 's1', companyId: 'c1', firstName: 'Ava', lastName: 'Lee', email: 'ava@x.com', phoneNumber: '+1 512 555 0100', createdAt: at(1), updatedAt: at(4) },
      { _id: 's3', companyId: 'c2', firstName: 'Cy', lastName: 'Lee', email: 'cy@x.com', phoneNumber: '', createdAt: at(3), updatedAt: at(3) },
    ]);
  });

  it('replays idempotently and forgets a deleted company', async () => {
    const recorded = recording();
    const e = events(recorded);
    expect((await given([...e, ...e])).all(STAFF_COLLECTION)).toEqual((await given(e)).all(STAFF_COLLECTION));
    expect((await given([...e, recorded({ type: 'CompanyDeleted', data: { companyId: 'c1' } })])).all(STAFF_COLLECTION).map((d) => d._id)).toEqual(['s3']);
  });
});
