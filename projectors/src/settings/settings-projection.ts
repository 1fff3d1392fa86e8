import type { ProjectionDefinition } from '@locus/platform/ports';
import {
  ADMIN_VARIABLES_COLLECTION,
  type AdminVariableDoc,
  COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION,
  COMPANY_VARIABLES_COLLECTION,
  companyAdminValueId,
  type CompanyAdminVariableValueDoc,
  type CompanyDeletedEvent,
  type CompanyVariableDoc,
  type SettingsEvent,
  settingsEventTypes,
} from '@locus/contracts';

/**
 * Company variables, administrator variables and the companies' values of administrator
 * variables. Sealed values are copied as they are: the read store never sees clear text.
 */
export const settingsProjection: ProjectionDefinition<SettingsEvent | CompanyDeletedEvent> = {
  name: 'settings',
  version: 1,
  collections: [
    { name: COMPANY_VARIABLES_COLLECTION, indexes: [{ key: { companyId: 1, variableName: 1 } }] },
    { name: ADMIN_VARIABLES_COLLECTION, indexes: [{ key: { variableName: 1 } }] },
    { name: COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION, indexes: [{ key: { companyId: 1 } }, { key: { adminVariableId: 1 } }] },
  ],
  handles: [...settingsEventTypes, 'CompanyDeleted'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    if (event.type === 'CompanyDeleted') {
      const { companyId } = event.data;
      for (const c of [COMPANY_VARIABLES_COLLECTION, COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION]) {
        for (const doc of await docs.find(c, { companyId })) docs.delete(c, doc._id);
      }
      return;
    }
    switch (event.type) {
      case 'CompanyVariablesSeeded':
        for (const v of event.data.variables) {
          if (await docs.get(COMPANY_VARIABLES_COLLECTION, v.variableId)) continue;
          const doc: CompanyVariableDoc = {
            _id: v.variableId,
            companyId: event.data.companyId,
            variableName: v.variableName,
            title: v.title,
            description: v.description,
            entityType: null,
            isBooleanType: v.isBooleanType,
            isEncrypted: false,
            isSystemGenerated: true,
            value: v.value,
            createdAt: at,
            updatedAt: at,
          };
          docs.put(COMPANY_VARIABLES_COLLECTION, doc);
        }
        return;
      case 'CompanyVariableCreated': {
        const { variableId, ...d } = event.data;
        const doc: CompanyVariableDoc = { _id: variableId, ...d, isSystemGenerated: false, createdAt: at, updatedAt: at };
        docs.put(COMPANY_VARIABLES_COLLECTION, doc);
        return;
      }
      case 'CompanyVariableUpdated': {
        const prev = await docs.get<CompanyVariableDoc>(COMPANY_VARIABLES_COLLECTION, event.data.variableId);
        if (!prev) return;
        const { variableId: _id, companyId: _c, ...d } = event.data;
        docs.put(COMPANY_VARIABLES_COLLECTION, { ...prev, ...d, updatedAt: at });
        return;
      }
      case 'CompanyVariableValueSet': {
        const prev = await docs.get<CompanyVariableDoc>(COMPANY_VARIABLES_COLLECTION, event.data.variableId);
        if (!prev) return;
        docs.put(COMPANY_VARIABLES_COLLECTION, { ...prev, value: event.data.value, isEncrypted: event.data.isEncrypted, updatedAt: at });
        return;
      }
      case 'CompanyVariableDeleted':
        docs.delete(COMPANY_VARIABLES_COLLECTION, event.data.variableId);
        return;
      case 'CompanyAdminVariableValueSet': {
        const doc: CompanyAdminVariableValueDoc = {
          _id: companyAdminValueId(event.data.companyId, event.data.adminVariableId),
          companyId: event.data.companyId,
          adminVariableId: event.data.adminVariableId,
          value: event.data.value,
          updatedAt: at,
        };
        docs.put(COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION, doc);
        return;
      }
      case 'AdminVariablesSeeded':
        for (const v of event.data.variables) {
          if (await docs.get(ADMIN_VARIABLES_COLLECTION, v.variableId)) continue;
          const { variableId, ...d } = v;
          const doc: AdminVariableDoc = { _id: variableId, companyId: null, ...d, isSystemGenerated: true, createdAt: at, updatedAt: at };
          docs.put(ADMIN_VARIABLES_COLLECTION, doc);
        }
        return;
      case 'AdminVariableCreated': {
        const { variableId, ...d } = event.data;
        const doc: AdminVariableDoc = { _id: variableId, companyId: null, ...d, isSystemGenerated: false, createdAt: at, updatedAt: at };
        docs.put(ADMIN_VARIABLES_COLLECTION, doc);
        return;
      }
      case 'AdminVariableUpdated': {
        const prev = await docs.get<AdminVariableDoc>(ADMIN_VARIABLES_COLLECTION, event.data.variableId);
        if (!prev) return;
        const { variableId: _id, ...d } = event.data;
        docs.put(ADMIN_VARIABLES_COLLECTION, { ...prev, ...d, updatedAt: at });
        return;
      }
      case 'AdminVariableValueSet': {
        const prev = await docs.get<AdminVariableDoc>(ADMIN_VARIABLES_COLLECTION, event.data.variableId);
        if (!prev) return;
        docs.put(ADMIN_VARIABLES_COLLECTION, { ...prev, value: event.data.value, updatedAt: at });
        return;
      }
      case 'AdminVariableDeleted':
        docs.delete(ADMIN_VARIABLES_COLLECTION, event.data.variableId);
        for (const doc of await docs.find(COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION, { adminVariableId: event.data.variableId })) {
          docs.delete(COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION, doc._id);
        }
        return;
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [settingsProjection];
