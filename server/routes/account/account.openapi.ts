import * as a from '#contracts/account.ts';
import { CustomerRegisterRequest } from '#contracts/customers.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Accounts'];
const limited = [429];

/** The public account routes of account.routes.ts. */
export const accountApi = describeRoutes('public', {
  'POST /api/public/register': {
    summary: 'Register a business owner and their business (an e-mail with a verification link follows)',
    tags,
    body: {
      schema: a.RegisterRequest,
      example: {
        firstName: 'Ada',
        lastName: 'Baker',
        email: 'ada@example.com',
        password: 'Bread&Butter1',
        businessName: 'Ada’s Bakery',
      },
    },
    ok: { 201: a.RegisterResponse },
    errors: limited,
  },
  'POST /api/public/customers/register': {
    summary: 'Register a customer of the mobile app (an e-mail with a verification link follows)',
    tags: ['Customer app'],
    body: {
      schema: CustomerRegisterRequest,
      example: { firstName: 'Cleo', lastName: 'Diaz', email: 'cleo@example.com', password: 'Sea&Shells42' },
    },
    ok: { 201: a.RegisterResponse },
    errors: limited,
  },
  'GET /api/public/verify-email': {
    summary: 'Confirm an e-mail address with the token of the verification link',
    tags,
    query: a.VerifyEmailQuery,
    queryExample: { token: 'a-token-from-the-mail' },
    ok: { 200: a.VerifyEmailResponse },
    errors: limited,
  },
  'POST /api/public/resend-verification': {
    summary: 'Send the verification link again',
    tags,
    body: { schema: a.ResendVerificationRequest, example: { email: 'ada@example.com' } },
    ok: { 200: a.ResendVerificationResponse },
    errors: limited,
  },
  'POST /api/password-reset/request': {
    summary: 'Mail a password-reset link (same answer whether or not the address has an account)',
    tags,
    body: { schema: a.PasswordResetRequest, example: { email: 'ada@example.com' } },
    ok: { 200: a.PasswordResetRequestResponse },
    errors: limited,
  },
  'POST /api/password-reset/check': {
    summary: 'Tell whether a reset link can still be used',
    tags,
    body: { schema: a.PasswordResetCheck, example: { token: 'a-reset-token-from-the-mail' } },
    ok: { 200: a.PasswordResetCheckResponse },
    errors: limited,
  },
  'POST /api/password-reset/reset': {
    summary: 'Set a new password with the token of the reset link',
    tags,
    body: { schema: a.PasswordReset, example: { token: 'a-reset-token-from-the-mail', newPassword: 'Fresh&Bread22' } },
    ok: { 200: a.PasswordResetResponse },
    errors: limited,
  },
});
