import { defineErrors } from '../errors';

/** Settings variables' error codes: one code, one message, one kind. */
export const settingErrors = defineErrors({
  variableNotFound: { code: 'SETTINGS.VARIABLE_NOT_FOUND', kind: 'not_found', message: 'The selected variable was not found' },
  variableExists: { code: 'SETTINGS.VARIABLE_EXISTS', kind: 'conflict', message: 'The variable already exists' },
  nameTaken: { code: 'SETTINGS.VARIABLE_NAME_TAKEN', kind: 'conflict', message: (name: string) => `A variable named ${name} already exists` },
  systemRename: { code: 'SETTINGS.SYSTEM_VARIABLE_RENAME', kind: 'rule', message: 'System-generated variables cannot be renamed' },
  systemType: { code: 'SETTINGS.SYSTEM_VARIABLE_TYPE', kind: 'rule', message: 'The type of a system-generated variable cannot be changed' },
  systemDelete: { code: 'SETTINGS.SYSTEM_VARIABLE_DELETE', kind: 'rule', message: 'System-generated variables cannot be deactivated' },
  entityTypeAdminOnly: { code: 'SETTINGS.ENTITY_TYPE_ADMIN_ONLY', kind: 'forbidden', message: 'Only administrators may manage variables with an entity type' },
  invalidBoolean: { code: 'SETTINGS.INVALID_BOOLEAN', kind: 'validation', message: 'A boolean variable takes 1 or 0' },
  invalidText: { code: 'SETTINGS.INVALID_TEXT', kind: 'validation', message: 'This variable takes a text value' },
  cannotDecrypt: { code: 'SETTINGS.CANNOT_DECRYPT', kind: 'rule', message: 'The stored value cannot be decrypted with the current key' },
});
