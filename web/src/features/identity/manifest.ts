import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const LoginPage = lazy(() => import('./components/login-page'));
const ForgotPasswordPage = lazy(() => import('./components/forgot-password-page'));
const GoogleCallbackPage = lazy(() => import('./components/google-callback-page'));

export const identityWeb = {
  name: 'identity',
  pages: [
    { path: '/login', page: LoginPage, title: 'Login' },
    { path: '/signup', page: LoginPage, title: 'Sign up' },
    { path: '/forget-password', page: ForgotPasswordPage, title: 'Forgot password' },
    { path: '/google-auth-callback', page: GoogleCallbackPage, title: 'Google sign-in' },
  ],
  tagTypes: [] as const,
  collectionTags: {
    'session-blocks': [],
  },
  slots: {},
} satisfies WebManifest;
