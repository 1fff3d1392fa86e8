import { z } from 'zod';
import { defineRoute } from '../routes/route-def';

/** The first hour's steps, in the order a new company takes them. */
export const GETTING_STARTED_STEPS = ['connectGoogle', 'importLocations', 'setDefaults', 'inviteUsers', 'setUpAiReplies'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

export const GettingStartedSchema = z.object({
  /** Whether the checklist is due: the company has no connected account, no locations or no other users. */
  Show: z.boolean(),
  /** Each step and whether what it asks for has happened (read from the read models, never stored as ticked). */
  Steps: z.array(z.object({ Step: z.enum(GETTING_STARTED_STEPS), Done: z.boolean() })),
  /** Locations the caller sees (a company user: the ones assigned to them). */
  VisibleLocations: z.number().int(),
  /** The company admins' names: who assigns locations to a company user. */
  CompanyAdmins: z.array(z.string()),
});
export type GettingStarted = z.infer<typeof GettingStartedSchema>;

/** The dashboard's getting-started checklist and, for a company user without locations, who assigns them. */
export const gettingStartedRoute = defineRoute({
  name: 'dashboard.gettingStarted',
  method: 'GET',
  path: '/api/dashboard/getting-started',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "The company's getting-started steps, each ticked by what has happened, and who assigns locations",
  description:
    'Connect Google, import locations, set location defaults, invite users and set up AI replies, each done when the read models show it ' +
    '(a connected account, a location, saved defaults, a second user, saved AI reply settings); `Show` is true while the company has no ' +
    "connected account, no locations or no other users. `VisibleLocations` counts the caller's locations and `CompanyAdmins` names the " +
    'company admins, who assign locations to company users.',
  response: z.object({ Success: z.literal(true), Data: GettingStartedSchema }),
});
