import { describe, it } from 'vitest';
import type { CompanyEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { companyDecider } from './company-decider';

const spec = deciderSpec(companyDecider);
const created: CompanyEvent = { type: 'CompanyCreated', data: { companyId: 'c1', companyName: 'Acme', defaultAdminId: 'a1', source: 'administrator' } };

describe('company decider', () => {
  it('creates once', () => {
    spec
      .given([])
      .when({ type: 'CreateCompany', data: created.data as Extract<CompanyEvent, { type: 'CompanyCreated' }>['data'] })
      .then([created]);
    spec
      .given([created])
      .when({ type: 'CreateCompany', data: created.data as Extract<CompanyEvent, { type: 'CompanyCreated' }>['data'] })
      .thenThrows({ code: 'COMPANY.ALREADY_EXISTS' });
  });
  it('renames only when the name changes', () => {
    spec
      .given([created])
      .when({ type: 'RenameCompany', data: { companyName: 'Acme 2' } })
      .then([{ type: 'CompanyRenamed', data: { companyId: 'c1', companyName: 'Acme 2' } }]);
    spec
      .given([created])
      .when({ type: 'RenameCompany', data: { companyName: 'Acme' } })
      .then([]);
  });
  it('deactivates and activates idempotently', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateCompany' })
      .then([{ type: 'CompanyDeactivated', data: { companyId: 'c1' } }]);
    spec
      .given([created, { type: 'CompanyDeactivated', data: { companyId: 'c1' } }])
      .when({ type: 'DeactivateCompany' })
      .then([]);
    spec
      .given([created, { type: 'CompanyDeactivated', data: { companyId: 'c1' } }])
      .when({ type: 'ActivateCompany' })
      .then([{ type: 'CompanyActivated', data: { companyId: 'c1' } }]);
  });
  it('treats a deleted company as gone (404)', () => {
    const deleted: CompanyEvent = { type: 'CompanyDeleted', data: { companyId: 'c1' } };
    spec.given([created]).when({ type: 'DeleteCompany' }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'RenameCompany', data: { companyName: 'X' } })
      .thenThrows({ code: 'COMPANY.NOT_FOUND', kind: 'not_found' });
    spec.given([]).when({ type: 'DeleteCompany' }).thenThrows({ code: 'COMPANY.NOT_FOUND' });
  });
});
