import { defineRoute } from './route-def';

/**
 * `GET /api/live`: server-sent events for the caller. Authorization is the bearer header
 * (a fetch-based SSE client); tokens are never accepted in the URL.
 *
 * Stream format: a `retry:` hint, then one event per bus message, `event: changed` or
 * `event: notification`, `data:` the LiveMessage JSON (`contracts/src/live.ts`), and a
 * `: keep-alive` comment every 10 s.
 */
export const liveStreamRoute = defineRoute({
  name: 'live.stream',
  method: 'GET',
  path: '/api/live',
  kind: 'query',
  roles: ['Authenticated'],
  summary: "Server-sent events: changes and notifications for the caller's company and user",
});

export const liveRoutes = [liveStreamRoute] as const;
