/** The unauthenticated account calls (spec §7). They throw ApiError; callers word it with errorMessage(). */
import {
  PasswordResetCheckResponse,
  PasswordResetRequestResponse,
  PasswordResetResponse,
  type RegisterRequest,
  RegisterResponse,
  ResendVerificationResponse,
  VerifyEmailResponse,
} from '#contracts/account.ts';
import { api } from './client.ts';

export const register = (body: RegisterRequest) => api.post('/api/public/register', RegisterResponse, body);

export const verifyEmail = (token: string, signal?: AbortSignal) =>
  api.get('/api/public/verify-email', VerifyEmailResponse, { query: { token }, signal });

/** Same answer whether or not the address has an account waiting for verification. */
export const resendVerification = (email: string) =>
  api.post('/api/public/resend-verification', ResendVerificationResponse, { email });

export const requestPasswordReset = (email: string) =>
  api.post('/api/password-reset/request', PasswordResetRequestResponse, { email });

/** Whether a reset link can still be used (400 with the reason when not); does not spend it. */
export const checkResetToken = (token: string, signal?: AbortSignal) =>
  api.post('/api/password-reset/check', PasswordResetCheckResponse, { token }, { signal });

export const resetPassword = (token: string, newPassword: string) =>
  api.post('/api/password-reset/reset', PasswordResetResponse, { token, newPassword });
