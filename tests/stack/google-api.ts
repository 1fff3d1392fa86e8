import { requestJson } from './route-client';

/** A JSON answer of one of Google's APIs: the caller names the shape it reads. */
export type GoogleAnswer<T> = Awaited<ReturnType<typeof requestJson<T>>>;

/**
 * Google's APIs as the sandbox serves them (and its `__sandbox` hooks, without a token): paths
 * are Google's, the shapes Google's, so each call names the shape it reads.
 */
export function googleApi(sandboxUrl: string, accessToken: string | null = null) {
  const request = <T>(method: string, path: string, body?: unknown) => requestJson<T>(`${sandboxUrl}${path}`, { method, token: accessToken, body });
  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
    patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  };
}

export type GoogleApi = ReturnType<typeof googleApi>;
