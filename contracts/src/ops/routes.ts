import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope } from '../routes/envelope';

/** Projection status for operators; the shape is owned by the runtime's ops status. */
export const opsProjectionsRoute = defineRoute({
  name: 'ops.projections',
  method: 'GET',
  path: '/api/ops/projections',
  kind: 'query',
  roles: ['Administrator'],
  summary: 'Projection and reactor status: position, lag in events, rate',
  response: successEnvelope(z.unknown()),
});

export const opsRoutes = [opsProjectionsRoute] as const;
