/** The data of a UserCreated event, for projection specs. */
export const userCreated = (userId: string, companyId: string | null, role: string, extra: Record<string, unknown> = {}) => ({
  userId,
  companyId,
  role,
  firstName: 'First',
  lastName: userId.toUpperCase(),
  email: `${userId}@example.test`,
  phoneNumber: '555-0100',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  isDefaultCompanyContact: false,
  source: 'company-admin',
  ...extra,
});
