import {
  authCallbackRoute,
  forgotPasswordRoute,
  googleSignInTokenUrlRoute,
  loginRoute,
  resendOtpRoute,
  resetPasswordRoute,
  signupRoute,
  verifyOtpRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { requestFor, type AnswerOf, type BodyOf } from '@web/shared/lib/api-path';

export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AnswerOf<typeof loginRoute>, BodyOf<typeof loginRoute>>({
      query: (body) => requestFor(loginRoute, { body }),
    }),
    verifyOtp: build.mutation<AnswerOf<typeof verifyOtpRoute>, { code: string } & BodyOf<typeof verifyOtpRoute>>({
      query: ({ code, OtpChallengeId }) => requestFor(verifyOtpRoute, { params: { code }, body: { OtpChallengeId } }),
    }),
    resendOtp: build.mutation<AnswerOf<typeof resendOtpRoute>, BodyOf<typeof resendOtpRoute>>({
      query: (body) => requestFor(resendOtpRoute, { body }),
    }),
    signup: build.mutation<AnswerOf<typeof signupRoute>, BodyOf<typeof signupRoute>>({
      query: (body) => requestFor(signupRoute, { body }),
    }),
    forgotPassword: build.mutation<AnswerOf<typeof forgotPasswordRoute>, BodyOf<typeof forgotPasswordRoute>>({
      query: (body) => requestFor(forgotPasswordRoute, { body }),
    }),
    resetPassword: build.mutation<AnswerOf<typeof resetPasswordRoute>, BodyOf<typeof resetPasswordRoute>>({
      query: (body) => requestFor(resetPasswordRoute, { body }),
    }),
    /** Sign in with Google: the consent URL (spec part 2 §7 Get token url). */
    googleTokenUrl: build.mutation<AnswerOf<typeof googleSignInTokenUrlRoute>, void>({
      query: () => requestFor(googleSignInTokenUrlRoute),
    }),
    /** Google redirected back with code and state: sign-in token, or a connect process. */
    googleCallback: build.mutation<AnswerOf<typeof authCallbackRoute>, BodyOf<typeof authCallbackRoute>>({
      query: (body) => requestFor(authCallbackRoute, { body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useVerifyOtpMutation,
  useResendOtpMutation,
  useSignupMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGoogleTokenUrlMutation,
  useGoogleCallbackMutation,
} = identityApi;
