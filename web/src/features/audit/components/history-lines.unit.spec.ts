import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../api/audit-api';
import { changeText, entityLink, whatText, whoText } from './history-table';

const row = (over: Partial<HistoryRow> = {}): HistoryRow => ({
  Id: 'e1',
  Position: 7,
  OccurredAt: '2026-01-02T03:04:05.000Z',
  Type: 'LocationUpdated',
  Label: 'Location updated',
  EntityType: 'location',
  EntityTypeWords: 'Location',
  EntityId: 'l1',
  EntityName: 'Cafe',
  NamedBy: null,
  Actor: { Id: 'u1', Name: 'Ada King', Role: 'CompanyAdmin', Kind: 'user', AsAdministrator: false },
  Changes: [],
  CausedBy: null,
  Outcome: null,
  Reason: null,
  RestoredFrom: null,
  ...over,
});

describe('history lines', () => {
  it('reads changes as before → after, secrets as changed, first values alone', () => {
    expect(changeText({ Field: 'Title', Before: 'Old', After: 'New', Secret: false })).toBe('Title: Old → New');
    expect(changeText({ Field: 'passwordHash', Before: null, After: null, Secret: true })).toBe('passwordHash: changed');
    expect(changeText({ Field: 'Title', Before: null, After: 'First', Secret: false })).toBe('Title: First');
    expect(changeText({ Field: 'Website', Before: '', After: 'https://x.test', Secret: false })).toBe('Website: ∅ → https://x.test');
  });

  it('names the administrator acting inside the company, Google refusals with their reason, restores and links', () => {
    expect(whoText(row({ Actor: { Id: 'a', Name: 'Root Admin', Role: 'Administrator', Kind: 'administrator', AsAdministrator: true } }))).toBe(
      'Root Admin (as administrator)',
    );
    expect(
      whatText(
        row({
          Label: 'Location google update failed',
          Outcome: 'refused',
          Reason: 'Title refused',
          CausedBy: { EventId: 'e0', Position: 6, Label: 'Location updated' },
        }),
      ),
    ).toBe('Location google update failed — refused: Title refused — answer to Location updated #6');
    expect(whatText(row({ Label: 'Location restored', RestoredFrom: { Position: 3, At: '2026-01-01T00:00:00.000Z' } }))).toMatch(
      /^Location restored — restored from #3 \(/,
    );
    expect(entityLink(row())).toBe('/l1/location-details');
    expect(entityLink(row({ EntityType: 'user' }))).toBe('/users');
    expect(entityLink(row({ EntityType: 'location-content', NamedBy: 'location:l2' }))).toBe('/l2/location-details');
    expect(entityLink(row({ EntityType: 'otpchallenge' }))).toBeNull();
  });
});
