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
import { api } from '@web/app/api';
import { requestFor } from '@web/shared/lib/api-path';
import { googleCallbackPath, googleTokenUrlPath } from './google-paths';

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
/** Spec part 2 §7: Get token url. */
export interface GoogleTokenUrlResponse {
  Success?: boolean;
  CanConnect: boolean;
  HasGMBCredentials: boolean;
  ErrorMessage?: string | null;
  RedirectUrl?: string | null;
}
/** Spec part 2 §7: Auth callback. */
export interface GoogleCallbackResponse {
  Success: boolean;
  Token?: string;
  token?: string;
  ProcessId?: string;
  IsNewCompanyCreated?: boolean;
  IsReloadRequired?: boolean;
  JustLoggingInUsingGoogleLoginBtn?: boolean;
  ResponseMessage?: string;
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
    googleTokenUrl: build.mutation<GoogleTokenUrlResponse, void>({
      query: () => ({ url: googleTokenUrlPath, method: 'GET' }),
    }),
    googleCallback: build.mutation<GoogleCallbackResponse, { Code: string; State: string }>({
      query: (body) => ({ url: googleCallbackPath, method: 'POST', body }),
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
