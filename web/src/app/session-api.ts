import { refreshTokenRoute } from '@locus/contracts';
import { useRenewSession } from '@web/shared/session/session-context';
import { requestFor, type AnswerOf } from '@web/shared/lib/api-path';
import { api } from './api';

const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    refreshToken: build.mutation<AnswerOf<typeof refreshTokenRoute>, void>({
      query: () => requestFor(refreshTokenRoute),
    }),
  }),
});

/**
 * After a change the token carries (the user's name or picture, the company's name), fetch a
 * fresh token so the shell shows it. A failure only leaves the old claims on screen.
 */
export const useRefreshSession = () => {
  const [refresh] = sessionApi.useRefreshTokenMutation();
  const renew = useRenewSession();
  return async () => {
    try {
      const res = await refresh().unwrap();
      renew(res.Token);
    } catch (err) {
      console.warn('token refresh failed', err);
    }
  };
};
