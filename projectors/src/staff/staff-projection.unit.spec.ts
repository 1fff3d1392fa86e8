import { describe, expect, it } from 'vitest';
import type { Doc, ProjectionDocs, RecordedEvent } from '@locus/platform';
import type { StaffEvent } from '@locus/contracts/staff/events';
import { staffProjection } from './staff-projection';

function memoryDocs() {
  const col = new Map<string, Doc>();
  const docs: ProjectionDocs = {
    get: async <T extends Doc>(_c: string, id: string) => (structuredClone(col.get(id)) as T | undefined) ?? null,
    find: async <T extends Doc>(_c: string, filter: Record<string, unknown>) =>
      [...col.values()].filter((d) => Object.entries(filter).every(([k, v]) => d[k] === v)).map((d) => structuredClone(d) as T),
    put: (_c, doc) => void col.set(doc._id, structuredClone(doc)),
    delete: (_c, id) => void col.delete(id),
  };
  return { docs, all: () => [...col.values()].sort((a, b) => a._id.localeCompare(b._id)) };
}

let position = 0;
const at = (n: number) => `2025-01-15T10:00:0${n}.000Z`;
const recorded = (e: StaffEvent | { type: 'CompanyDeleted'; data: { companyId: string } }, n = 0): RecordedEvent => ({
  id: `e${++position}`,
  type: e.type,
  data: e.data,
  streamName: 's',
  revision: 0n,
  position,
  created: new Date(at(n)),
  metadata: { companyId: e.data.companyId, actor: { userId: 'u1', role: 'CompanyUser' }, correlationId: 'c', causationId: null, occurredAt: at(n) },
});
const given = async (events: RecordedEvent[]) => {
  const m = memoryDocs();
  for (const e of events) await staffProjection.evolve(e, m.docs);
  return m;
};
const member = (staffId: string, companyId: string, firstName: string) => ({ companyId, staffId, firstName, lastName: 'Lee', email: `${firstName}@x.com`.toLowerCase(), phoneNumber: '' });

describe('staff projection', () => {
  const events = () => [
    recorded({ type: 'StaffMemberCreated', data: member('s1', 'c1', 'Ava') }, 1),
    recorded({ type: 'StaffMemberCreated', data: member('s2', 'c1', 'Ben') }, 2),
    recorded({ type: 'StaffMemberCreated', data: member('s3', 'c2', 'Cy') }, 3),
    recorded({ type: 'StaffMemberUpdated', data: { ...member('s1', 'c1', 'Ava'), phoneNumber: '+1 512 555 0100' } }, 4),
    recorded({ type: 'StaffMemberDeactivated', data: { companyId: 'c1', staffId: 's2' } }, 5),
  ];

  it('lists active staff per company with created and updated dates', async () => {
    const m = await given(events());
    expect(m.all()).toEqual([
      { _id: 's1', companyId: 'c1', firstName: 'Ava', lastName: 'Lee', email: 'ava@x.com', phoneNumber: '+1 512 555 0100', createdAt: at(1), updatedAt: at(4) },
      { _id: 's3', companyId: 'c2', firstName: 'Cy', lastName: 'Lee', email: 'cy@x.com', phoneNumber: '', createdAt: at(3), updatedAt: at(3) },
    ]);
  });

  it('replays idempotently and forgets a deleted company', async () => {
    const e = events();
    expect((await given([...e, ...e])).all()).toEqual((await given(e)).all());
    expect((await given([...e, recorded({ type: 'CompanyDeleted', data: { companyId: 'c1' } })])).all().map((d) => d._id)).toEqual(['s3']);
  });
});
