import type { Context } from 'hono';
import { Hono } from 'hono';
import { PasswordReset, PasswordResetRequest, RegisterRequest, VerifyEmailQuery } from '#contracts/account.ts';
import { businesses } from '../../db/schema.ts';
import { GROUPS } from '../../identity/types.ts';
import { clientIp, publicOrigin } from '../../lib/client-ip.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { AppDeps, AppEnv } from '../../types.ts';
import { freePlan, serverTimeZone } from '../businesses/defaults.ts';
import { resetMail, verificationMail } from './mails.ts';
import { issueToken, spendAllTokens, spendToken } from './tokens.ts';

export const RESET_REQUESTED = "If an account with that email exists, we've sent you a password reset link.";

const LIMITS = {
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  verifyPerIp: { limit: 30, windowSeconds: 600 },
  resetRequestPerIp: { limit: 10, windowSeconds: 900 },
  resetRequestPerAccount: { limit: 3, windowSeconds: 3600 },
  resetPerIp: { limit: 20, windowSeconds: 900 },
};

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

/** The public account flows of spec §7: registration, e-mail verification, password reset. */
export function accountRoutes(deps: AppDeps) {
  const { db, env, clock, identity, mailer } = deps;
  const app = new Hono<AppEnv>();

  const limitIp = async (c: Context, name: keyof typeof LIMITS) => {
    const result = await hitRateLimit(db, `${name}:${clientIp(c)}`, { ...LIMITS[name], now: clock() });
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw new HttpError(429, `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'Retry-After': String(result.retryAfterSeconds),
      });
    }
  };

  app.post('/public/register', async (c) => {
    const body = await readJson(c, RegisterRequest);
    // Counted after validation: a typo in the form must not use up the owner's attempts.
    await limitIp(c, 'registerPerIp');
    if (await identity.findUserByEmail(body.email)) {
      throw new HttpError(409, 'An account with this email already exists. Try signing in or resetting your password.');
    }
    const plan = await freePlan(db);
    const now = clock();
    let token: string;
    try {
      token = await db.transaction(async (tx) => {
        const user = await identity.createUser(
          {
            email: body.email,
            password: body.password,
            firstname: body.firstName,
            lastname: body.lastName,
            groups: [GROUPS.owners],
            status: 'UNCONFIRMED',
          },
          tx,
        );
        await tx.insert(businesses).values({
          businessid: newId(),
          ownerUserid: user.userid,
          businessname: body.businessName,
          timezone: serverTimeZone(),
          packageid: plan.packageid,
          negotiatedMonthlyPrice: plan.monthlyPrice,
          createdAt: now,
        });
        return issueToken(tx, user.userid, 'verify_email', env.VERIFY_TOKEN_TTL, now);
      });
    } catch (error) {
      // Two registrations racing for one address: the unique index decides.
      if (isUniqueViolation(error)) throw new HttpError(409, 'An account with this email already exists.');
      throw error;
    }
    const link = `${publicOrigin(c, env.PUBLIC_URL)}/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verificationMail(body.email, body.firstName, body.businessName, link, env.VERIFY_TOKEN_TTL));
    return c.json({ message: 'Registration successful. Please check your email to verify your account.' }, 201);
  });

  app.get('/public/verify-email', async (c) => {
    await limitIp(c, 'verifyPerIp');
    const { token } = check(VerifyEmailQuery, { token: c.req.query('token') ?? '' });
    const userid = await spendToken(db, token, 'verify_email', clock());
    await identity.confirmUser(userid);
    return c.json({ message: 'Your email has been verified. You can now sign in.' });
  });

  app.post('/password-reset/request', async (c) => {
    await limitIp(c, 'resetRequestPerIp');
    const { email } = await readJson(c, PasswordResetRequest);
    const user = await identity.findUserByEmail(email);
    if (user) {
      // Over the per-account limit we quietly send nothing: the answer must not differ.
      const now = clock();
      const perAccount = await hitRateLimit(db, `resetRequestPerAccount:${user.userid}`, {
        ...LIMITS.resetRequestPerAccount,
        now,
      });
      if (perAccount.allowed) {
        const token = await issueToken(db, user.userid, 'password_reset', env.RESET_TOKEN_TTL, now);
        const link = `${publicOrigin(c, env.PUBLIC_URL)}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(resetMail(user.email, link, env.RESET_TOKEN_TTL));
      }
    }
    return c.json({ message: RESET_REQUESTED });
  });

  app.post('/password-reset/reset', async (c) => {
    const { token, newPassword } = await readJson(c, PasswordReset);
    await limitIp(c, 'resetPerIp');
    const now = clock();
    const userid = await spendToken(db, token, 'password_reset', now);
    await identity.setPassword(userid, newPassword);
    await spendAllTokens(db, userid, 'password_reset', now);
    return c.json({ message: 'Your password has been reset. You can now sign in with your new password.' });
  });

  return app;
}
