/** Texts of the audit feature: history, point in time, restore, export. */
export const auditMessages = {
  restored: 'Restored the selected fields',
  nothingToRestore: 'The selected fields already hold those values',
  entityNotFound: 'Entity not found',
  notRestorable: 'This kind of entity cannot be restored',
  noFields: 'Choose at least one field to restore',
  unknownField: 'This field cannot be restored',
  instantRequired: 'Give an instant (At) or a position (Position)',
  notAtInstant: 'The entity did not exist at that instant',
} as const;

/** Page sizes and limits of the history screens. */
export const HISTORY_PAGE_SIZE = 100;
export const HISTORY_MAX_PAGE_SIZE = 500;
