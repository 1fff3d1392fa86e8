import { companyErrors, type CompanyEvent } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import { evolveCompany, initialCompanyState, type CompanyState } from './company-state';

type Data<T extends CompanyEvent['type']> = Extract<CompanyEvent, { type: T }>['data'];

export type CompanyCommand =
  | { type: 'CreateCompany'; data: Data<'CompanyCreated'> }
  | { type: 'RenameCompany'; data: { companyName: string } }
  | { type: 'DeactivateCompany' }
  | { type: 'ActivateCompany' }
  | { type: 'DeleteCompany' };

export type ExistingCompany = Exclude<CompanyState, { status: 'none' }>;

/** The company a stream holds when it exists and is not deleted; 404 otherwise. */
export function existingCompany(state: CompanyState): ExistingCompany {
  if (state.status === 'none' || state.status === 'deleted') throw fail(companyErrors.notFound);
  return state;
}

/** A company whose members may be added or changed. */
export function requireActiveCompany(state: CompanyState): ExistingCompany {
  const company = existingCompany(state);
  if (company.status !== 'active') throw fail(companyErrors.inactive);
  return company;
}

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  if (command.type === 'CreateCompany') {
    if (state.status !== 'none') throw fail(companyErrors.alreadyExists);
    return [{ type: 'CompanyCreated', data: command.data }];
  }
  const company = existingCompany(state);
  switch (command.type) {
    case 'RenameCompany':
      return company.companyName === command.data.companyName
        ? []
        : [{ type: 'CompanyRenamed', data: { companyId: company.companyId, companyName: command.data.companyName } }];
    case 'DeactivateCompany':
      return company.status === 'deactivated' ? [] : [{ type: 'CompanyDeactivated', data: { companyId: company.companyId } }];
    case 'ActivateCompany':
      return company.status === 'active' ? [] : [{ type: 'CompanyActivated', data: { companyId: company.companyId } }];
    case 'DeleteCompany':
      return [{ type: 'CompanyDeleted', data: { companyId: company.companyId } }];
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const companyDecider: Decider<CompanyState, CompanyCommand, CompanyEvent> = {
  initialState: initialCompanyState,
  evolve: evolveCompany,
  decide: decideCompany,
};
