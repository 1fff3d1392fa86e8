import type { UserDoc, UserRow } from '@locus/contracts';

export const userRowOf = (doc: UserDoc): UserRow => ({
  Id: doc._id,
  CompanyId: doc.companyId,
  FirstName: doc.firstName,
  LastName: doc.lastName,
  FullName: doc.fullName,
  Email: doc.email,
  PhoneNumber: doc.phoneNumber,
  UserRoleId: doc.role,
  RoleName: doc.roleName,
  LoginAllowed: doc.loginAllowed,
  IsDefaultCompanyContact: doc.isDefaultCompanyContact,
  ImgUrl: doc.imageUrl,
  CreatedDate: doc.createdAt,
});
