import type { ProjectionDefinition } from '@locus/platform';
import { staffEventTypes, type StaffEvent } from '@locus/contracts/staff/events';
import { STAFF_COLLECTION, type StaffDoc } from '@locus/contracts/staff/read-models';

/** Active staff members per company. */
export const staffProjection: ProjectionDefinition = {
  name: 'staff',
  version: 1,
  collections: [{ name: STAFF_COLLECTION, indexes: [{ key: { companyId: 1, createdAt: -1 } }] }],
  handles: [...staffEventTypes, 'CompanyDeleted'],
  async evolve(recorded, docs) {
    const at = recorded.metadata.occurredAt;
    if (recorded.type === 'CompanyDeleted') {
      const { companyId } = recorded.data as { companyId: string };
      for (const doc of await docs.find(STAFF_COLLECTION, { companyId })) docs.delete(STAFF_COLLECTION, doc._id);
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as StaffEvent;
    switch (event.type) {
      case 'StaffMemberCreated': {
        const { staffId, ...d } = event.data;
        const doc: StaffDoc = { _id: staffId, ...d, createdAt: at, updatedAt: at };
        docs.put(STAFF_COLLECTION, doc);
        return;
      }
      case 'StaffMemberUpdated': {
        const prev = await docs.get<StaffDoc>(STAFF_COLLECTION, event.data.staffId);
        if (!prev) return;
        const { staffId: _s, ...d } = event.data;
        docs.put(STAFF_COLLECTION, { ...prev, ...d, updatedAt: at });
        return;
      }
      case 'StaffMemberDeactivated':
        docs.delete(STAFF_COLLECTION, event.data.staffId);
        return;
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [staffProjection];
