/** The unauthenticated account calls (spec §7). They throw ApiError; callers word it with errorMessage(). */
import {
  PasswordResetRequestResponse,
  PasswordResetResponse,
  type RegisterRequest,
  RegisterResponse,
  VerifyEmailResponse,
} from '#contracts/account.ts';
import { api } from './client.ts';

export const register = (body: RegisterRequest) => api.post('/api/public/register', RegisterResponse, body);

export const verifyEmail = (token: string, signal?: AbortSignal) =>
  api.get('/api/public/verify-email', VerifyEmailResponse, { query: { token }, signal });

export const requestPasswordReset = (email: string) =>
  api.post('/api/password-reset/request', PasswordResetRequestResponse, { email });

export const resetPassword = (token: string, newPassword: string) =>
  api.post('/api/password-reset/reset', PasswordResetResponse, { token, newPassword });
