import type { ProjectionDefinition } from '@locus/platform/ports';
import { LOCATION_DEFAULTS_COLLECTION, type CompanyDeletedEvent, type LocationDefaultsDoc, type LocationDefaultsEvent } from '@locus/contracts';

/** Each company's location defaults (one document, _id = companyId). */
export const locationDefaultsProjection: ProjectionDefinition<LocationDefaultsEvent | CompanyDeletedEvent> = {
  name: 'location-defaults',
  version: 1,
  collections: [{ name: LOCATION_DEFAULTS_COLLECTION, indexes: [] }],
  handles: ['LocationDefaultsSaved', 'LocationDefaultImageDeleted', 'CompanyDeleted'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CompanyDeleted':
        docs.delete(LOCATION_DEFAULTS_COLLECTION, event.data.companyId);
        return;
      case 'LocationDefaultsSaved': {
        const doc: LocationDefaultsDoc = { _id: event.data.companyId, companyId: event.data.companyId, ...event.data.defaults, updatedAt: at };
        docs.put(LOCATION_DEFAULTS_COLLECTION, doc);
        return;
      }
      case 'LocationDefaultImageDeleted': {
        const doc = await docs.get<LocationDefaultsDoc>(LOCATION_DEFAULTS_COLLECTION, event.data.companyId);
        if (!doc) return;
        docs.put(LOCATION_DEFAULTS_COLLECTION, { ...doc, images: doc.images.filter((i) => i.Id !== event.data.imageId), updatedAt: at });
        return;
      }
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};
