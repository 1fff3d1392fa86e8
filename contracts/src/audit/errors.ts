import { defineErrors } from '../errors';
import { auditMessages as m } from './messages';

export const auditErrors = defineErrors({
  entityNotFound: { code: 'AUDIT.ENTITY_NOT_FOUND', kind: 'not_found', message: m.entityNotFound },
  notRestorable: { code: 'AUDIT.NOT_RESTORABLE', kind: 'validation', message: m.notRestorable },
  nothingToRestore: { code: 'AUDIT.NOTHING_TO_RESTORE', kind: 'rule', message: m.nothingToRestore },
  notAtInstant: { code: 'AUDIT.NOT_AT_INSTANT', kind: 'rule', message: m.notAtInstant },
});
