import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  PasswordReset,
  PasswordResetCheck,
  PasswordResetRequest,
  RegisterRequest,
  ResendVerificationRequest,
  VerifyEmailQuery,
} from '#contracts/account.ts';
import { CustomerRegisterRequest } from '#contracts/customers.ts';
import { passwordProblem } from '#contracts/password.ts';
import { businesses, users } from '../../db/schema.ts';
import { makeVerifier } from '../../identity/srp.ts';
import { GROUPS } from '../../identity/types.ts';
import { clientIp, publicOrigin } from '../../lib/client-ip.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { AppDeps, AppEnv } from '../../types.ts';
import { createBusiness } from '../businesses/businesses.queries.ts';
import {
  customerSignUpAttemptMail,
  customerVerificationMail,
  registrationAttemptMail,
  resetMail,
  verificationMail,
} from './mails.ts';
import { checkToken, issueToken, spendAllTokens, spendToken } from './tokens.ts';

export const RESET_REQUESTED = "If an account with that email exists, we've sent you a password reset link.";
/** The one answer to a valid registration, whether or not the address already had an account. */
export const REGISTERED = 'Registration successful. Please check your email to verify your account.';
export const VERIFICATION_RESENT =
  "If that email belongs to an account that still needs verifying, we've sent a new verification link.";
export const RESET_LINK_USABLE = 'This password reset link can be used.';

const LIMITS = {
  /** The limit is SIGNUP_LIMIT_PER_HOUR (default 10). */
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  verifyPerIp: { limit: 30, windowSeconds: 600 },
  resetRequestPerIp: { limit: 10, windowSeconds: 900 },
  resetRequestPerAccount: { limit: 3, windowSeconds: 3600 },
  resetPerIp: { limit: 20, windowSeconds: 900 },
  resendVerificationPerIp: { limit: 10, windowSeconds: 900 },
  resendVerificationPerAccount: { limit: 3, windowSeconds: 3600 },
  resetCheckPerIp: { limit: 30, windowSeconds: 900 },
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

  // Every sign-up is verified once: an address allowed more sign-ups (SIGNUP_LIMIT_PER_HOUR, raised for a
  // shared office or a test stack) is allowed as many verifications, never fewer than the default.
  const limits = {
    ...LIMITS,
    registerPerIp: { ...LIMITS.registerPerIp, limit: env.SIGNUP_LIMIT_PER_HOUR },
    verifyPerIp: { ...LIMITS.verifyPerIp, limit: Math.max(LIMITS.verifyPerIp.limit, env.SIGNUP_LIMIT_PER_HOUR) },
  };
  const limitIp = async (c: Context, name: keyof typeof LIMITS) => {
    const result = await hitRateLimit(db, `${name}:${clientIp(c, env)}`, { ...limits[name], now: clock() });
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw new HttpError(429, `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'Retry-After': String(result.retryAfterSeconds),
      });
    }
  };

  /**
   * A reset link for an existing account, at most resetRequestPerAccount times an hour whoever asks
   * (a reset request or a registration with the address), so nobody can flood an owner's inbox.
   */
  const mailResetLink = async (
    c: Context,
    user: { userid: string; email: string },
    mail: (to: string, link: string, ttl: number) => OutgoingMail,
  ) => {
    const now = clock();
    const perAccount = await hitRateLimit(db, `resetRequestPerAccount:${user.userid}`, {
      ...LIMITS.resetRequestPerAccount,
      now,
    });
    if (!perAccount.allowed) return;
    // The link and its mail in one transaction: a link nobody was sent cannot exist, nor a mail without it.
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.userid, 'password_reset', env.RESET_TOKEN_TTL, now);
      const link = `${publicOrigin(c, env)}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.enqueue(tx, mail(user.email, link, env.RESET_TOKEN_TTL));
    });
    mailer.wake();
  };

  app.post('/public/register', async (c) => {
    const body = await readJson(c, RegisterRequest);
    // Counted after validation: a typo in the form must not use up the owner's attempts.
    await limitIp(c, 'registerPerIp');
    const existing = await identity.findUserByEmail(body.email);
    if (existing) {
      // Never tell the caller that the address has an account: the same answer as a new registration,
      // after about the same work (a verifier is what a new account costs); its owner hears by e-mail.
      makeVerifier('decoy', newId(), body.password);
      await mailResetLink(c, existing, registrationAttemptMail);
      return c.json({ message: REGISTERED }, 201);
    }
    const now = clock();
    try {
      await db.transaction(async (tx) => {
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
        await createBusiness(tx, { ownerUserid: user.userid, businessname: body.businessName, createdAt: now });
        const token = await issueToken(tx, user.userid, 'verify_email', env.VERIFY_TOKEN_TTL, now);
        const link = `${publicOrigin(c, env)}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.enqueue(
          tx,
          verificationMail(body.email, body.firstName, body.businessName, link, env.VERIFY_TOKEN_TTL),
        );
      });
    } catch (error) {
      // Two registrations racing for one address: the unique index decides, and the loser is answered
      // like everyone else (the winner's owner has the verification mail).
      if (isUniqueViolation(error)) return c.json({ message: REGISTERED }, 201);
      throw error;
    }
    mailer.wake();
    return c.json({ message: REGISTERED }, 201);
  });

  /**
   * A customer of the mobile app (Customers group), UNCONFIRMED until the mailed link is opened. Same
   * answer, limits and password rules as an owner's registration; an address that has an account (of
   * either kind) gets the same answer and its owner a mail.
   */
  app.post('/public/customers/register', async (c) => {
    const body = await readJson(c, CustomerRegisterRequest);
    await limitIp(c, 'registerPerIp');
    const existing = await identity.findUserByEmail(body.email);
    if (existing) {
      makeVerifier('decoy', newId(), body.password);
      await mailResetLink(c, existing, customerSignUpAttemptMail);
      return c.json({ message: REGISTERED }, 201);
    }
    const now = clock();
    try {
      await db.transaction(async (tx) => {
        const user = await identity.createUser(
          {
            email: body.email,
            password: body.password,
            firstname: body.firstName,
            lastname: body.lastName,
            groups: [GROUPS.customers],
            status: 'UNCONFIRMED',
          },
          tx,
        );
        const token = await issueToken(tx, user.userid, 'verify_email', env.VERIFY_TOKEN_TTL, now);
        const link = `${publicOrigin(c, env)}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.enqueue(tx, customerVerificationMail(body.email, body.firstName, link, env.VERIFY_TOKEN_TTL));
      });
    } catch (error) {
      if (isUniqueViolation(error)) return c.json({ message: REGISTERED }, 201);
      throw error;
    }
    mailer.wake();
    return c.json({ message: REGISTERED }, 201);
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
    // Over the per-account limit nothing is sent: the answer must not differ.
    if (user) await mailResetLink(c, user, resetMail);
    return c.json({ message: RESET_REQUESTED });
  });

  app.post('/password-reset/reset', async (c) => {
    const { token, newPassword } = await readJson(c, PasswordReset);
    await limitIp(c, 'resetPerIp');
    const now = clock();
    const userid = await spendToken(db, token, 'password_reset', now, {
      // The e-mail rule needs the account's address; checked before the link is spent, so a refused
      // password leaves the link usable.
      beforeSpending: async (owner) => {
        const [user] = await db.select({ email: users.email }).from(users).where(eq(users.userid, owner));
        const problem = passwordProblem(newPassword, user?.email);
        if (problem) throw new HttpError(400, problem);
      },
    });
    await identity.setPassword(userid, newPassword);
    await spendAllTokens(db, userid, 'password_reset', now);
    return c.json({ message: 'Your password has been reset. You can now sign in with your new password.' });
  });

  /**
   * A new verification link, mailed only to an account that still needs one. Known, unknown and already
   * confirmed addresses get the same answer, byte for byte. Earlier links stay valid until they expire:
   * whichever mail the owner opens works, and a confirmed account has nothing left to confirm.
   */
  app.post('/public/resend-verification', async (c) => {
    await limitIp(c, 'resendVerificationPerIp');
    const { email } = await readJson(c, ResendVerificationRequest);
    const user = await identity.findUserByEmail(email);
    if (user?.status === 'UNCONFIRMED') {
      // Over the per-account limit we quietly send nothing: the answer must not differ.
      const now = clock();
      const perAccount = await hitRateLimit(db, `resendVerificationPerAccount:${user.userid}`, {
        ...LIMITS.resendVerificationPerAccount,
        now,
      });
      if (perAccount.allowed) {
        const [owner] = await db
          .select({ firstname: users.firstname, businessname: businesses.businessname })
          .from(users)
          .leftJoin(businesses, eq(businesses.ownerUserid, users.userid))
          .where(eq(users.userid, user.userid))
          .limit(1);
        const firstName = owner?.firstname?.trim() || 'there';
        await db.transaction(async (tx) => {
          const token = await issueToken(tx, user.userid, 'verify_email', env.VERIFY_TOKEN_TTL, now);
          const link = `${publicOrigin(c, env)}/verify-email?token=${encodeURIComponent(token)}`;
          // An account without a business is a customer of the app: it gets the app's wording.
          await mailer.enqueue(
            tx,
            owner?.businessname
              ? verificationMail(user.email, firstName, owner.businessname, link, env.VERIFY_TOKEN_TTL)
              : customerVerificationMail(user.email, firstName, link, env.VERIFY_TOKEN_TTL),
          );
        });
        mailer.wake();
      }
    }
    return c.json({ message: VERIFICATION_RESENT });
  });

  /** Whether a reset link can still be used, so the page says so when it opens. Never spends the token. */
  app.post('/password-reset/check', async (c) => {
    const { token } = await readJson(c, PasswordResetCheck);
    await limitIp(c, 'resetCheckPerIp');
    await checkToken(db, token, 'password_reset', clock());
    return c.json({ message: RESET_LINK_USABLE });
  });

  return app;
}
