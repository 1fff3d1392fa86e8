import { MASKED_VALUE, SETTINGS_PAGE_SIZE, settingsMessages } from '@locus/contracts/settings/routes';
import { companyMessages } from '@locus/contracts/companies/messages';

export { MASKED_VALUE, SETTINGS_PAGE_SIZE };

/** Settings texts (spec part 2 §2 Settings, §5, §8). */
export const settingsTexts = {
  adminTitle: 'Settings',
  companyTitle: 'Company Settings',
  columns: { name: 'Variable Name', title: 'Title', value: 'Value', actions: 'Actions' },
  setValue: 'Set Value',
  edit: 'Edit',
  delete: 'Delete',
  addVariable: 'Add Variable',
  manageCompanySettings: 'Manage Company Settings',
  setVariableValue: 'Set Variable Value',
  editVariable: 'Edit Variable',
  key: 'Key',
  variableName: 'Variable Name',
  title: 'Title',
  description: 'Description',
  value: 'Value',
  isBoolean: 'Boolean variable',
  encrypt: 'Encrypt value',
  entityType: 'Entity Type',
  systemGenerated: 'System',
  encrypted: 'Encrypted',
  keyRequired: 'Key is required',
  nameRequired: 'Variable name is required',
  nameNoSpaces: 'Variable name must not contain spaces',
  nameTaken: 'A variable with this name already exists',
  empty: 'No variables found.',
  save: 'Save',
  cancel: 'Cancel',
  search: 'Search',
  clear: 'Clear',
  companyNameCard: 'Company Name',
  companyName: 'Company Name',
  companyNameRequired: companyMessages.companyNameRequired,
  companyNameUpdated: companyMessages.companyNameUpdated,
  companyNameFailed: 'An error occurred while updating company name.',
  ...settingsMessages,
} as const;
