import type { CompanyEvent } from '@locus/contracts';

export type CompanyState =
  | { status: 'none' }
  | {
      status: 'active' | 'deactivated' | 'deleted';
      companyId: string;
      companyName: string | null;
      defaultAdminId: string;
    };

export const initialCompanyState = (): CompanyState => ({ status: 'none' });

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  if (event.type === 'CompanyCreated') {
    return { status: 'active', companyId: event.data.companyId, companyName: event.data.companyName, defaultAdminId: event.data.defaultAdminId };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CompanyRenamed':
      return { ...state, companyName: event.data.companyName };
    case 'CompanyDeactivated':
      return state.status === 'deleted' ? state : { ...state, status: 'deactivated' };
    case 'CompanyActivated':
      return state.status === 'deleted' ? state : { ...state, status: 'active' };
    case 'CompanyDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
