import type { z } from 'zod';
import {
  forgotPasswordRoute,
  loginRoute,
  resetPasswordRoute,
  signupRoute,
  verifyOtpRoute,
  type LoginResponseSchema,
  type SignupBody,
} from '@locus/contracts/identity/routes';
import {
  authCallbackRoute,
  googleSignInTokenUrlRoute,
  type AuthCallbackResponse,
  type TokenUrlResponse,
} from '@locus/contracts/connections/routes';
import { api } from '@web/app/api';
import { requestFor } from '@web/shared/lib/api-path';

type LoginResponse = z.infer<typeof LoginResponseSchema>;
interface TokenResponse {
  Success: true;
  Token: string;
  ResponseMessage?: string;
}
interface MessageResponse {
  Success: true;
  ResponseMessage: string;
}
export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { UserName: string; Password: string }>({
      query: (body) => requestFor(loginRoute, { body }),
    }),
    verifyOtp: build.mutation<TokenResponse, { code: string; ChallengeId: string }>({
      query: ({ code, ChallengeId }) => requestFor(verifyOtpRoute, { params: { code }, body: { ChallengeId } }),
    }),
    signup: build.mutation<TokenResponse, SignupBody>({
      query: (body) => requestFor(signupRoute, { body }),
    }),
    forgotPassword: build.mutation<MessageResponse, { Email: string }>({
      query: (body) => requestFor(forgotPasswordRoute, { body }),
    }),
    resetPassword: build.mutation<MessageResponse, { Email: string; Token: string; NewPassword: string; ConfirmPassword: string }>({
      query: (body) => requestFor(resetPasswordRoute, { body }),
    }),
    /** Sign in with Google: the consent URL (spec part 2 §7 Get token url). */
    googleTokenUrl: build.mutation<TokenUrlResponse, void>({
      query: () => requestFor(googleSignInTokenUrlRoute),
    }),
    /** Google redirected back with code and state: sign-in token, or a connect process. */
    googleCallback: build.mutation<AuthCallbackResponse, { Code: string; State: string }>({
      query: (body) => requestFor(authCallbackRoute, { body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useVerifyOtpMutation,
  useSignupMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGoogleTokenUrlMutation,
  useGoogleCallbackMutation,
} = identityApi;
