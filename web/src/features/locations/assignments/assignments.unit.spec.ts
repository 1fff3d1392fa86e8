import { describe, expect, it } from 'vitest';
import { AssignLocationBodySchema, associationBadge, LocationAssociationBodySchema } from '@locus/contracts';
import {
  assignBody,
  associationBody,
  canAssign,
  chooseCoOwners,
  choosePrimaryOwner,
  chooseStaff,
  emptyAssignForm,
  needsOverwriteConfirmation,
  overwriteQuestion,
  setCoOwner,
  setPrimaryOwner,
  setRole,
  showsOwnerChoices,
} from './assignment-rules';

describe('Assign Locations dialog', () => {
  it('needs a location', () => {
    expect(canAssign(emptyAssignForm())).toBe(false);
    expect(canAssign({ ...emptyAssignForm(), locationId: 'l1' })).toBe(true);
  });

  it('keeps Primary Owner and Co-Owner mutually exclusive', () => {
    let f = setPrimaryOwner(emptyAssignForm(), true);
    expect(f).toMatchObject({ isPrimaryOwner: true, isCoOwner: false });
    f = setCoOwner(f, true);
    expect(f).toMatchObject({ isPrimaryOwner: false, isCoOwner: true });
    f = setPrimaryOwner(f, true);
    expect(f).toMatchObject({ isPrimaryOwner: true, isCoOwner: false });
    expect(setPrimaryOwner(f, false)).toMatchObject({ isPrimaryOwner: false, isCoOwner: false });
  });

  it('shows the owner checkboxes only for Location Owner; Location User clears them', () => {
    const owner = setPrimaryOwner({ ...emptyAssignForm(), locationId: 'l1' }, true);
    expect(showsOwnerChoices(owner)).toBe(true);
    const staff = setRole(owner, 'LocationUser');
    expect(showsOwnerChoices(staff)).toBe(false);
    expect(staff).toMatchObject({ isPrimaryOwner: false, isCoOwner: false });
    expect(assignBody('u1', staff)).toEqual({ UserId: 'u1', LocationId: 'l1', IsPrimaryOwner: false, IsStaffMember: true });
    expect(AssignLocationBodySchema.safeParse(assignBody('u1', staff)).success).toBe(true);
    expect(assignBody('u1', owner)).toEqual({ UserId: 'u1', LocationId: 'l1', IsPrimaryOwner: true, IsStaffMember: false });
    expect(AssignLocationBodySchema.safeParse(assignBody('u1', owner)).success).toBe(true);
  });

  it('asks before replacing another primary owner', () => {
    const owner = setPrimaryOwner({ ...emptyAssignForm(), locationId: 'l1' }, true);
    expect(needsOverwriteConfirmation(owner, { Id: 'u2' }, 'u1')).toBe(true);
    expect(needsOverwriteConfirmation(owner, { Id: 'u1' }, 'u1')).toBe(false);
    expect(needsOverwriteConfirmation(owner, null, 'u1')).toBe(false);
    expect(needsOverwriteConfirmation(setCoOwner(owner, true), { Id: 'u2' }, 'u1')).toBe(false);
    expect(overwriteQuestion('Ada Lovelace is currently the primary owner of this location.')).toBe(
      'Ada Lovelace is currently the primary owner of this location. Do you want to overwrite?',
    );
  });

  it('labels links Primary, Co-owner or Staff Member', () => {
    expect(associationBadge({ IsPrimaryOwner: true, IsStaffMember: false })).toBe('Primary');
    expect(associationBadge({ IsPrimaryOwner: false, IsStaffMember: false })).toBe('Co-owner');
    expect(associationBadge({ IsPrimaryOwner: false, IsStaffMember: true })).toBe('Staff Member');
  });
});

describe('location Users dialog', () => {
  const initial = { primaryOwnerId: 'a', coOwnerIds: ['b'], staffIds: ['c'] };

  it('removes the primary owner from co-owners and staff; one role per user', () => {
    expect(choosePrimaryOwner(initial, 'b')).toEqual({ primaryOwnerId: 'b', coOwnerIds: [], staffIds: ['c'] });
    expect(chooseCoOwners(initial, ['a', 'b', 'c'])).toEqual({ primaryOwnerId: 'a', coOwnerIds: ['b', 'c'], staffIds: [] });
    expect(chooseStaff(initial, ['b', 'c'])).toEqual({ primaryOwnerId: 'a', coOwnerIds: [], staffIds: ['b', 'c'] });
  });

  it('flags only the parts that changed', () => {
    expect(associationBody(initial, initial)).toMatchObject({ UpdatePrimaryOwner: false, UpdateLocationCoowners: false, UpdateLocationStaffUsers: false });
    const body = associationBody(initial, choosePrimaryOwner(initial, null));
    expect(body).toMatchObject({ PrimaryOwnerId: null, UpdatePrimaryOwner: true, UpdateLocationCoowners: false, UpdateLocationStaffUsers: false });
    expect(LocationAssociationBodySchema.safeParse(body).success).toBe(true);
    expect(associationBody(initial, { ...initial, coOwnerIds: ['b'], staffIds: ['c', 'd'] }).UpdateLocationStaffUsers).toBe(true);
  });
});
