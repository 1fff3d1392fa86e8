import { googleErrorFromResponse, networkError } from '../google/errors';

/** One user of Admin SDK Directory `users.list`, as Locus reads it. */
export interface WorkspaceUser {
  id: string;
  primaryEmail: string;
  givenName: string;
  familyName: string;
  fullName: string;
  suspended: boolean;
}

interface RawUser {
  id: string;
  primaryEmail: string;
  name?: { givenName?: string; familyName?: string; fullName?: string };
  suspended?: boolean;
}

/**
 * Every user of the caller's Workspace (`customer=my_customer`), page by page; `probe` reads one
 * user only, to learn whether the account may read the directory at all (403 when it may not).
 */
export async function listWorkspaceUsers(
  directoryUrl: string,
  accessToken: string,
  doFetch: typeof fetch = fetch,
  { probe = false }: { probe?: boolean } = {},
): Promise<WorkspaceUser[]> {
  const users: WorkspaceUser[] = [];
  let pageToken: string | undefined;
  const ctx = { subject: 'the Google Workspace directory', operation: 'users.list', attempts: 1 };
  do {
    const url = new URL(`${directoryUrl.replace(/\/$/, '')}/users`);
    url.searchParams.set('customer', 'my_customer');
    url.searchParams.set('maxResults', probe ? '1' : '200');
    url.searchParams.set('orderBy', 'email');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    let res: Response;
    try {
      res = await doFetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    } catch (e) {
      throw networkError(e, ctx);
    }
    const json = (await res.json().catch(() => undefined)) as { users?: RawUser[]; nextPageToken?: string } | undefined;
    if (!res.ok || !json) throw googleErrorFromResponse(res.ok ? 502 : res.status, json, res.headers, ctx);
    for (const u of json.users ?? []) {
      const givenName = u.name?.givenName ?? '';
      const familyName = u.name?.familyName ?? '';
      users.push({
        id: u.id,
        primaryEmail: u.primaryEmail,
        givenName,
        familyName,
        fullName: u.name?.fullName ?? `${givenName} ${familyName}`.trim(),
        suspended: !!u.suspended,
      });
    }
    pageToken = probe ? undefined : json.nextPageToken;
  } while (pageToken);
  return users;
}
