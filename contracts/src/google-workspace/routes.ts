import { z } from 'zod';
import { defineRoute } from '../routes/route-def';

/** Google Workspace directory import (spec part 1 §7, part 2 §7): like the Azure import, for Google. */
export const GOOGLE_DIRECTORY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';

export const googleWorkspaceMessages = {
  notConnected: 'Connect your Google Workspace account to see its directory users.',
  connected: 'Your Google Workspace account has been connected successfully',
  disconnected: 'Your Google Workspace account has been disconnected',
  notAdmin: 'This Google account cannot read a Workspace directory. Sign in with a Google Workspace administrator.',
  userAdded: (name: string) => `${name} has been added to your agency successfully`,
  userNotInDirectory: 'This user is not in your Google Workspace directory.',
} as const;

export const DirectoryUserSchema = z.object({
  id: z.string(),
  primaryEmail: z.string(),
  fullName: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  suspended: z.boolean(),
  /** Already a Locus user. */
  isConnected: z.boolean(),
});
export type GoogleDirectoryUser = z.infer<typeof DirectoryUserSchema>;

const ConnectResponse = z.object({
  Success: z.literal(true),
  CanConnect: z.boolean(),
  RedirectUrl: z.string().nullable(),
  ErrorMessage: z.string().nullable(),
});

export const googleWorkspaceConnectRoute = defineRoute({
  name: 'googleWorkspace.connect',
  method: 'GET',
  path: '/api/GoogleWorkspaceAdmin/connect',
  // it signs a one-time OAuth state for the caller, like the other connect routes
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: "Google's consent URL for the read-only directory scope",
  response: ConnectResponse,
});

export const googleWorkspaceCallbackRoute = defineRoute({
  name: 'googleWorkspace.callback',
  method: 'POST',
  path: '/api/GoogleWorkspaceAdmin/callback',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Google redirected to /google-workspace-callback?code&state; the web app posts them here',
  request: {
    body: z.object({
      Code: z.string({ error: 'Code is required' }).min(1, 'Code is required').max(2000, 'Code is too long'),
      State: z.string({ error: 'State is required' }).min(1, 'State is required').max(2000, 'State is too long'),
    }),
  },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
});

export const googleWorkspaceDirectoryUsersRoute = defineRoute({
  name: 'googleWorkspace.directoryUsers',
  method: 'GET',
  path: '/api/GoogleWorkspaceAdmin/GetDirectoryUsers',
  // reads Google's directory through the company's stored consent (command side holds the token)
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: "The company's Google Workspace directory users (422 GOOGLE_WORKSPACE.NOT_CONNECTED before a consent)",
  response: z.object({ Success: z.literal(true), ResponseData: z.array(DirectoryUserSchema) }),
});

export const googleWorkspaceAddUserRoute = defineRoute({
  name: 'googleWorkspace.addToAgency',
  method: 'POST',
  path: '/api/GoogleWorkspaceAdmin/add-to-agency',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Adds a directory user as a company user (invited by mail to set a password)',
  request: { body: z.object({ Id: z.string({ error: 'Id is required' }).min(1, 'Id is required').max(100, 'Id is too long') }) },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ Id: z.string() }) }),
});

export const googleWorkspaceDisconnectRoute = defineRoute({
  name: 'googleWorkspace.disconnect',
  method: 'POST',
  path: '/api/GoogleWorkspaceAdmin/disconnect',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: "Forgets the company's Google Workspace consent",
  description:
    'Drops the stored consent (its sealed refresh token), so the next directory import asks Google for an account again. Users already added stay. 422 GOOGLE_WORKSPACE.NOT_CONNECTED when nothing is connected.',
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
});

export const googleWorkspaceRoutes = [
  googleWorkspaceConnectRoute,
  googleWorkspaceCallbackRoute,
  googleWorkspaceDirectoryUsersRoute,
  googleWorkspaceAddUserRoute,
  googleWorkspaceDisconnectRoute,
] as const;
