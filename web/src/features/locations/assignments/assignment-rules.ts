import { locationMessages } from '@locus/contracts';
import type { AssignLocationRequest, LocationAssociationRequest } from '../api/assignments-api';

export type LocationRole = 'LocationOwner' | 'LocationUser';

/** The Assign Locations dialog (spec part 2 §2, §4, §5). */
export interface AssignForm {
  locationId: string | null;
  role: LocationRole;
  isPrimaryOwner: boolean;
  isCoOwner: boolean;
}

export const emptyAssignForm = (): AssignForm => ({ locationId: null, role: 'LocationOwner', isPrimaryOwner: false, isCoOwner: false });

/** Primary Owner and Co-Owner are mutually exclusive. */
export const setPrimaryOwner = (form: AssignForm, checked: boolean): AssignForm => ({
  ...form,
  isPrimaryOwner: checked,
  isCoOwner: checked ? false : form.isCoOwner,
});
export const setCoOwner = (form: AssignForm, checked: boolean): AssignForm => ({
  ...form,
  isCoOwner: checked,
  isPrimaryOwner: checked ? false : form.isPrimaryOwner,
});

/** The checkboxes exist only for Location Owner; a Location User clears them. */
export const setRole = (form: AssignForm, role: LocationRole): AssignForm =>
  role === 'LocationUser' ? { ...form, role, isPrimaryOwner: false, isCoOwner: false } : { ...form, role };
export const showsOwnerChoices = (form: AssignForm): boolean => form.role === 'LocationOwner';

/** A location must be chosen. */
export const canAssign = (form: AssignForm): boolean => Boolean(form.locationId);

/** Location Owner → IsStaffMember false (primary or co-owner); Location User → IsStaffMember true. */
export const assignBody = (userId: string, form: AssignForm): AssignLocationRequest => ({
  UserId: userId,
  LocationId: form.locationId ?? '',
  IsPrimaryOwner: form.role === 'LocationOwner' && form.isPrimaryOwner,
  IsStaffMember: form.role === 'LocationUser',
});

/** Ticking Primary Owner where another user already is one asks first. */
export const needsOverwriteConfirmation = (form: AssignForm, currentOwner: { Id: string } | null | undefined, userId: string): boolean =>
  form.role === 'LocationOwner' && form.isPrimaryOwner && Boolean(currentOwner) && currentOwner?.Id !== userId;

export const overwriteQuestion = (currentOwnerMessage: string): string => `${currentOwnerMessage.trim()} ${locationMessages.overwriteQuestion}`;

/** The location's Users dialog: one primary owner, co-owners, staff; a user holds one of these. */
export interface LocationUsersForm {
  primaryOwnerId: string | null;
  coOwnerIds: string[];
  staffIds: string[];
}

/** The primary owner is removed from co-owners and staff (spec part 2 §5). */
export const choosePrimaryOwner = (form: LocationUsersForm, id: string | null): LocationUsersForm => ({
  primaryOwnerId: id,
  coOwnerIds: form.coOwnerIds.filter((u) => u !== id),
  staffIds: form.staffIds.filter((u) => u !== id),
});

export const chooseCoOwners = (form: LocationUsersForm, ids: string[]): LocationUsersForm => {
  const coOwnerIds = ids.filter((u) => u !== form.primaryOwnerId);
  return { ...form, coOwnerIds, staffIds: form.staffIds.filter((u) => !coOwnerIds.includes(u)) };
};

export const chooseStaff = (form: LocationUsersForm, ids: string[]): LocationUsersForm => {
  const staffIds = ids.filter((u) => u !== form.primaryOwnerId);
  return { ...form, staffIds, coOwnerIds: form.coOwnerIds.filter((u) => !staffIds.includes(u)) };
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only the parts that changed carry their Update flag. */
export const associationBody = (initial: LocationUsersForm, current: LocationUsersForm): LocationAssociationRequest => ({
  PrimaryOwnerId: current.primaryOwnerId,
  LocationCoownerIds: current.coOwnerIds,
  StaffUserIds: current.staffIds,
  UpdatePrimaryOwner: initial.primaryOwnerId !== current.primaryOwnerId,
  UpdateLocationCoowners: !sameSet(initial.coOwnerIds, current.coOwnerIds),
  UpdateLocationStaffUsers: !sameSet(initial.staffIds, current.staffIds),
});
