import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@web/shared/session/session-context';
import { decideAccess, type RouteAccess } from './route-access';

export const Guard = ({ access, children }: { access: RouteAccess; children: ReactNode }) => {
  const user = useCurrentUser();
  const decision = decideAccess(access, user?.role ?? null);
  return decision.kind === 'allow' ? <>{children}</> : <Navigate to={decision.to} replace />;
};
