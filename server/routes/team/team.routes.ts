import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  INVITATIONS_PER_HOUR,
  InvitationRequest,
  PENDING_INVITATIONS,
  type Role,
  RoleChange,
  TEAM_TEXTS,
  type TeamMember,
} from '#contracts/team.ts';
import type { Db } from '../../db/client.ts';
import { authSessions, businessMembers, teamInvitations, users } from '../../db/schema.ts';
import { publicOrigin } from '../../lib/client-ip.ts';
import { newId, newToken, sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { lockTeam, pending } from './team.queries.ts';
import { invitationMail, invitationToAccountMail } from './team-mails.ts';

const DAY = 86_400_000;
const RANK: Record<Role, number> = { owner: 0, manager: 1, staff: 2 };

/**
 * The business's team (decision 026), owner only (the operations' least role): members and their roles,
 * invitations by e-mail. Every check-then-write runs in one transaction under the business row's lock.
 */
export function teamRoutes({
  db,
  env,
  clock,
  identity,
  mailer,
}: Pick<AppDeps, 'db' | 'env' | 'clock' | 'identity' | 'mailer'>) {
  const app = createRouter('owner');

  app.get('/me/team', async (c) => {
    const mine = businessScope(c);
    const now = clock();
    const members = await db
      .select({
        userid: businessMembers.userid,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        role: businessMembers.role,
        joinedat: businessMembers.joinedAt,
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.userid, businessMembers.userid))
      .where(mine.where(businessMembers))
      .orderBy(asc(businessMembers.joinedAt), asc(businessMembers.userid));
    const invitations = await db
      .select({
        invitationid: teamInvitations.invitationid,
        email: teamInvitations.email,
        role: teamInvitations.role,
        invitedat: teamInvitations.createdAt,
      })
      .from(teamInvitations)
      .where(and(mine.where(teamInvitations), pending(now)))
      .orderBy(desc(teamInvitations.createdAt), asc(teamInvitations.invitationid));
    const team: TeamMember[] = [
      ...members
        .sort((a, b) => RANK[a.role] - RANK[b.role])
        .map((m) => ({
          userid: m.userid,
          invitationid: null,
          email: m.email,
          firstname: m.firstname,
          lastname: m.lastname,
          role: m.role,
          status: 'active' as const,
          invitedat: null,
          joinedat: m.joinedat.toISOString(),
        })),
      ...invitations.map((i) => ({
        userid: null,
        invitationid: i.invitationid,
        email: i.email,
        firstname: null,
        lastname: null,
        role: i.role,
        status: 'invited' as const,
        invitedat: i.invitedat.toISOString(),
        joinedat: null,
      })),
    ];
    return c.json(team);
  });

  /** INVITATIONS_PER_HOUR per business, counted by every invitation and every resend. */
  const countInvitation = async (businessid: string) => {
    const limit = await hitRateLimit(db, `teamInvitations:${businessid}`, {
      limit: INVITATIONS_PER_HOUR,
      windowSeconds: 3600,
      now: clock(),
    });
    if (!limit.allowed) {
      throw new HttpError(429, TEAM_TEXTS.tooManyInvitations, { 'Retry-After': String(limit.retryAfterSeconds) });
    }
  };

  const inviterName = async (tx: Db, userid: string) =>
    (await tx.select({ firstname: users.firstname }).from(users).where(eq(users.userid, userid)))[0]?.firstname ?? null;

  /** A new token for the invitation and its mail, in the caller's transaction; only the hash is stored. */
  const mailInvitation = async (
    tx: Db,
    c: Parameters<typeof publicOrigin>[0],
    invite: { email: string; role: Role; businessname: string; inviter: string },
  ) => {
    const token = newToken();
    const link = `${publicOrigin(c, env)}/accept-invite?token=${encodeURIComponent(token)}`;
    const inviter = await inviterName(tx, invite.inviter);
    await mailer.enqueue(tx, invitationMail(invite.email, { ...invite, inviter }, link));
    return sha256(token);
  };

  /**
   * The same 201 whether or not the address has an account (no enumeration): an address with one gets a
   * mail saying so instead of a link (an account belongs to one business; no link may set its password).
   * Inviting an address again replaces its pending invitation.
   */
  app.post('/me/team', async (c) => {
    const mine = businessScope(c);
    const { userid } = c.get('owner');
    const body = await readJson(c, InvitationRequest);
    const email = body.email.toLowerCase();
    await countInvitation(mine.businessid);
    const existing = await identity.findUserByEmail(email);
    const now = clock();
    await db.transaction(async (tx) => {
      const business = await lockTeam(tx, mine.businessid);
      if (!business) throw notFound('ownBusiness');
      await tx
        .update(teamInvitations)
        .set({ revokedAt: now })
        .where(and(mine.where(teamInvitations), pending(now), sql`lower(${teamInvitations.email}) = ${email}`));
      const [waiting] = await tx
        .select({ n: count() })
        .from(teamInvitations)
        .where(and(mine.where(teamInvitations), pending(now)));
      // Checked for every address alike, so the answers never tell which have an account.
      if ((waiting?.n ?? 0) >= PENDING_INVITATIONS) throw new HttpError(409, TEAM_TEXTS.tooManyPending);
      if (existing) {
        await mailer.enqueue(tx, invitationToAccountMail(email, business));
        return;
      }
      const tokenHash = await mailInvitation(tx, c, {
        email,
        role: body.role,
        businessname: business.businessname,
        inviter: userid,
      });
      await tx.insert(teamInvitations).values({
        invitationid: newId(),
        businessid: mine.businessid,
        email,
        role: body.role,
        tokenHash,
        invitedBy: userid,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY),
      });
    });
    mailer.wake();
    return c.json({ message: TEAM_TEXTS.invited(email) }, 201);
  });

  /** A new link (the old one stops working) and seven days from now; counts toward the hourly limit. */
  app.post('/me/team/invitations/:invitationid/resend', async (c) => {
    const mine = businessScope(c);
    const invitationid = idParam(c, 'invitationid', 'invitation');
    await countInvitation(mine.businessid);
    const now = clock();
    await db.transaction(async (tx) => {
      const business = await lockTeam(tx, mine.businessid);
      if (!business) throw notFound('ownBusiness');
      const [invitation] = await tx
        .select({ email: teamInvitations.email, role: teamInvitations.role })
        .from(teamInvitations)
        .where(
          and(
            mine.where(teamInvitations),
            eq(teamInvitations.invitationid, invitationid),
            sql`${teamInvitations.acceptedAt} is null and ${teamInvitations.revokedAt} is null`,
          ),
        );
      if (!invitation) throw notFound('invitation');
      const tokenHash = await mailInvitation(tx, c, {
        ...invitation,
        businessname: business.businessname,
        inviter: c.get('owner').userid,
      });
      await tx
        .update(teamInvitations)
        .set({ tokenHash, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY) })
        .where(eq(teamInvitations.invitationid, invitationid));
    });
    mailer.wake();
    return c.json({ message: TEAM_TEXTS.resent });
  });

  app.delete('/me/team/invitations/:invitationid', async (c) => {
    const mine = businessScope(c);
    const invitationid = idParam(c, 'invitationid', 'invitation');
    const revoked = await db
      .update(teamInvitations)
      .set({ revokedAt: clock() })
      .where(
        and(
          mine.where(teamInvitations),
          eq(teamInvitations.invitationid, invitationid),
          sql`${teamInvitations.acceptedAt} is null and ${teamInvitations.revokedAt} is null`,
        ),
      )
      .returning({ invitationid: teamInvitations.invitationid });
    if (!revoked[0]) throw notFound('invitation');
    return c.json({ message: TEAM_TEXTS.revoked });
  });

  /**
   * The member's row and the business's owners, under the business row's lock: a change that would
   * leave no owner is refused (409), however many owners demote or remove each other at once.
   */
  const changeMember = async (
    c: Parameters<typeof businessScope>[0],
    change: (tx: Db, member: { userid: string; role: Role }) => Promise<void>,
    leavesOwner: (member: { role: Role }) => boolean,
  ) => {
    const mine = businessScope(c);
    const userid = idParam(c, 'userid', 'member');
    await db.transaction(async (tx) => {
      if (!(await lockTeam(tx, mine.businessid))) throw notFound('ownBusiness');
      const [member] = await tx
        .select({ userid: businessMembers.userid, role: businessMembers.role })
        .from(businessMembers)
        .where(and(mine.where(businessMembers), eq(businessMembers.userid, userid)));
      if (!member) throw notFound('member');
      if (member.role === 'owner' && !leavesOwner(member)) {
        const [owners] = await tx
          .select({ n: count() })
          .from(businessMembers)
          .where(and(mine.where(businessMembers), eq(businessMembers.role, 'owner')));
        if ((owners?.n ?? 0) <= 1) throw new HttpError(409, TEAM_TEXTS.lastOwner);
      }
      await change(tx, member);
    });
  };

  app.put('/me/team/:userid', async (c) => {
    const { role } = await readJson(c, RoleChange);
    await changeMember(
      c,
      async (tx, member) => {
        await tx.update(businessMembers).set({ role }).where(eq(businessMembers.userid, member.userid));
      },
      () => role === 'owner',
    );
    return c.json({ message: TEAM_TEXTS.roleChanged });
  });

  /**
   * The member leaves the business; their account stays (so "by {name}" keeps its name) but is
   * disabled, and every session of it is revoked (its refresh tokens with it): their next call is 401
   * on every copy, since the guard reads the session and the account on each request.
   */
  app.delete('/me/team/:userid', async (c) => {
    const now = clock();
    await changeMember(
      c,
      async (tx, member) => {
        await tx.delete(businessMembers).where(eq(businessMembers.userid, member.userid));
        await tx.update(users).set({ enabled: false, updatedAt: now }).where(eq(users.userid, member.userid));
        await tx
          .update(authSessions)
          .set({ revokedAt: now })
          .where(and(eq(authSessions.userid, member.userid), sql`${authSessions.revokedAt} is null`));
      },
      () => false,
    );
    return c.json({ message: TEAM_TEXTS.removed });
  });

  return app;
}
