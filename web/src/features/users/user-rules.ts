import type { PersonRules } from '@web/shared/forms/person-form';

export type UserKind = 'user' | 'admin';

/**
 * Create/Update User: phone required, password optional (the user can set it through Forgot
 * password). Create Company Admin: the password pair is required. Edit mode: passwords only
 * checked when typed (spec §5: password validators only in create mode).
 */
export const rulesFor = (kind: UserKind, editing: boolean): PersonRules => ({
  password: !editing && kind === 'admin' ? 'pair' : 'optional-pair',
  phoneRequired: kind === 'user',
});
