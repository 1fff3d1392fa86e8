import type { ProjectionDefinition } from '@locus/platform/ports';
import { type CompanyDeletedEvent, STAFF_COLLECTION, type StaffDoc, type StaffEvent, staffEventTypes } from '@locus/contracts';

/** Active staff members per company. */
export const staffProjection: ProjectionDefinition<StaffEvent | CompanyDeletedEvent> = {
  name: 'staff',
  version: 1,
  collections: [{ name: STAFF_COLLECTION, indexes: [{ key: { companyId: 1, createdAt: -1 } }] }],
  handles: [...staffEventTypes, 'CompanyDeleted'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CompanyDeleted':
        for (const doc of await docs.find(STAFF_COLLECTION, { companyId: event.data.companyId })) docs.delete(STAFF_COLLECTION, doc._id);
        return;
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
