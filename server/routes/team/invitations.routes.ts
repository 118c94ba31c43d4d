import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { passwordProblem } from '#contracts/password.ts';
import { InvitationAccept, InvitationCheck, type InvitationCheckResponse, TEAM_TEXTS } from '#contracts/team.ts';
import { businesses, businessMembers, teamInvitations, users } from '../../db/schema.ts';
import { GROUPS } from '../../identity/types.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import { readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { pending } from './team.queries.ts';

/** An address that got an account after it was invited: the invitation cannot make a second one. */
export const ACCOUNT_EXISTS =
  'An account already exists for this email address. Ask the business owner to invite another address.';

const LIMITS = {
  /** As the reset page's check (account.routes.ts resetCheckPerIp). */
  invitationCheckPerIp: { limit: 30, windowSeconds: 900 },
  /** As a password reset (resetPerIp): each attempt costs a verifier. */
  invitationAcceptPerIp: { limit: 20, windowSeconds: 900 },
};

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

/**
 * The accept-invite page's two calls (decision 026), public: the link's token is the proof. The check
 * never spends it; accepting makes the account and the membership and spends it, in one transaction.
 */
export function invitationRoutes({ db, env, clock, identity }: Pick<AppDeps, 'db' | 'env' | 'clock' | 'identity'>) {
  const app = createRouter('public');

  const limitIp = async (c: Context, name: keyof typeof LIMITS) => {
    const result = await hitRateLimit(db, `${name}:${clientIp(c, env)}`, { ...LIMITS[name], now: clock() });
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw new HttpError(429, `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'Retry-After': String(result.retryAfterSeconds),
      });
    }
  };

  const invitationColumns = {
    invitationid: teamInvitations.invitationid,
    businessid: teamInvitations.businessid,
    email: teamInvitations.email,
    role: teamInvitations.role,
    invitedBy: teamInvitations.invitedBy,
    businessname: businesses.businessname,
  };

  app.post('/public/invitations/check', async (c) => {
    const { token } = await readJson(c, InvitationCheck);
    await limitIp(c, 'invitationCheckPerIp');
    const [invitation] = await db
      .select(invitationColumns)
      .from(teamInvitations)
      .innerJoin(businesses, eq(businesses.businessid, teamInvitations.businessid))
      .where(and(eq(teamInvitations.tokenHash, sha256(token)), pending(clock())));
    if (!invitation) throw new HttpError(400, TEAM_TEXTS.invalidInvitation);
    const answer: InvitationCheckResponse = {
      businessname: invitation.businessname,
      email: invitation.email,
      role: invitation.role,
    };
    return c.json(answer);
  });

  app.post('/public/invitations/accept', async (c) => {
    const body = await readJson(c, InvitationAccept);
    await limitIp(c, 'invitationAcceptPerIp');
    const now = clock();
    try {
      await db.transaction(async (tx) => {
        // The invitation row locked: a second accept of the same link waits here, then finds it spent.
        const [invitation] = await tx
          .select(invitationColumns)
          .from(teamInvitations)
          .innerJoin(businesses, eq(businesses.businessid, teamInvitations.businessid))
          .where(and(eq(teamInvitations.tokenHash, sha256(body.token)), pending(now)))
          .for('update', { of: teamInvitations });
        if (!invitation) throw new HttpError(400, TEAM_TEXTS.invalidInvitation);
        // Refused before anything is spent: the link stays usable for a better password.
        const problem = passwordProblem(body.password, invitation.email);
        if (problem) throw new HttpError(400, problem);
        // In the transaction (PGlite has one connection): an address with an account is never taken over.
        const [taken] = await tx
          .select({ userid: users.userid })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${invitation.email})`);
        if (taken) throw new HttpError(400, ACCOUNT_EXISTS);
        // The link proves the address: the account is confirmed and its e-mail verified.
        const user = await identity.createUser(
          {
            email: invitation.email,
            password: body.password,
            firstname: body.firstName,
            lastname: body.lastName,
            groups: [GROUPS.owners],
            status: 'CONFIRMED',
            emailVerified: true,
          },
          tx,
        );
        await tx.insert(businessMembers).values({
          userid: user.userid,
          businessid: invitation.businessid,
          role: invitation.role,
          joinedAt: now,
          invitedBy: invitation.invitedBy,
        });
        const spent = await tx
          .update(teamInvitations)
          .set({ acceptedAt: now })
          .where(and(eq(teamInvitations.invitationid, invitation.invitationid), isNull(teamInvitations.acceptedAt)))
          .returning({ invitationid: teamInvitations.invitationid });
        if (!spent[0]) throw new HttpError(400, TEAM_TEXTS.invalidInvitation);
      });
    } catch (error) {
      // The address got an account between the check and the insert (the unique index decides).
      if (isUniqueViolation(error)) throw new HttpError(400, ACCOUNT_EXISTS);
      throw error;
    }
    return c.json({ message: TEAM_TEXTS.accepted }, 201);
  });

  return app;
}
