import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authSessions, refreshTokens, userGroups, users } from '../db/schema.ts';
import { newId, newToken, sha256 } from '../lib/crypto.ts';
import { makeVerifier } from './srp.ts';
import type { CreatedUser, NewUser, UserStatus } from './types.ts';

/** Users, groups, sessions and refresh tokens in the database. No cleartext password is ever stored. */

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function createStore(db: Db, poolName: string) {
  const groupsOf = async (userid: string, from: Db = db): Promise<string[]> => {
    const rows = await from
      .select({ name: userGroups.groupName })
      .from(userGroups)
      .where(eq(userGroups.userid, userid));
    return rows.map((row) => row.name).sort();
  };

  const revokeAllSessions = async (userid: string, now: Date, from: Db = db) => {
    await from
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(eq(authSessions.userid, userid), isNull(authSessions.revokedAt)));
  };

  return {
    groupsOf,
    revokeAllSessions,

    async createUser(user: NewUser, now: Date, tx?: Db): Promise<CreatedUser> {
      if (!user.password) throw new Error('createUser needs a password.');
      const email = normalizeEmail(user.email);
      const userid = newId();
      const { salt, verifier } = makeVerifier(poolName, userid, user.password);
      const from = tx ?? db;
      await from.insert(users).values({
        userid,
        username: userid,
        email,
        emailVerified: user.emailVerified ?? false,
        firstname: user.firstname ?? null,
        lastname: user.lastname ?? null,
        status: user.status,
        srpSalt: salt,
        srpVerifier: verifier,
        createdAt: now,
        updatedAt: now,
      });
      if (user.groups.length > 0) {
        await from.insert(userGroups).values([...new Set(user.groups)].map((groupName) => ({ userid, groupName })));
      }
      return { userid, username: userid, email };
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
      return row;
    },

    /** What a person types as USERNAME: the e-mail (any case) or the canonical username. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.email}) = ${normalizeEmail(login)}`, eq(users.username, login)))
        .limit(1);
      return row;
    },

    async findById(userid: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userid, userid));
      return row;
    },

    /** New salt + verifier; revokes every session (a changed password ends them). */
    async setPassword(
      userid: string,
      password: string,
      now: Date,
      changes: { status?: UserStatus; emailVerified?: boolean; firstname?: string; lastname?: string } = {},
    ) {
      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.userid, userid));
      if (!user) throw new Error('No such user.');
      const { salt, verifier } = makeVerifier(poolName, user.username, password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ srpSalt: salt, srpVerifier: verifier, updatedAt: now, ...changes })
          .where(eq(users.userid, userid));
        await revokeAllSessions(userid, now, tx);
      });
    },

    async confirmUser(userid: string, now: Date) {
      await db
        .update(users)
        .set({
          status: sql`case when ${users.status} = 'UNCONFIRMED' then 'CONFIRMED' else ${users.status} end`,
          emailVerified: true,
          updatedAt: now,
        })
        .where(eq(users.userid, userid));
    },

    /** A new session (its id is origin_jti) with its first refresh token. */
    async createSession(userid: string, clientId: string, now: Date, refreshTtlSeconds: number) {
      const id = newId();
      const expiresAt = new Date(now.getTime() + refreshTtlSeconds * 1000);
      const refreshToken = newToken(48);
      await db.transaction(async (tx) => {
        await tx.insert(authSessions).values({ id, userid, clientId, authTime: now, expiresAt, createdAt: now });
        await tx
          .insert(refreshTokens)
          .values({ tokenHash: sha256(refreshToken), sessionId: id, expiresAt, createdAt: now });
      });
      return { session: { id, userid, clientId, authTime: now, expiresAt, revokedAt: null }, refreshToken };
    },

    async findRefreshToken(token: string) {
      const [row] = await db
        .select({ token: refreshTokens, session: authSessions })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(refreshTokens.sessionId, authSessions.id))
        .where(eq(refreshTokens.tokenHash, sha256(token)));
      return row;
    },

    /** Marks `oldToken` replaced (keeping the first replacement time, which the reuse grace counts from) and stores its successor. */
    async rotateRefreshToken(oldToken: string, sessionId: string, expiresAt: Date, now: Date) {
      const next = newToken(48);
      await db.transaction(async (tx) => {
        await tx
          .update(refreshTokens)
          .set({ replacedAt: sql`coalesce(${refreshTokens.replacedAt}, ${now.toISOString()}::timestamptz)` })
          .where(eq(refreshTokens.tokenHash, sha256(oldToken)));
        await tx.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId, expiresAt, createdAt: now });
      });
      return next;
    },

    async findSession(id: string) {
      const [row] = await db
        .select({ session: authSessions, enabled: users.enabled })
        .from(authSessions)
        .innerJoin(users, eq(authSessions.userid, users.userid))
        .where(eq(authSessions.id, id));
      return row;
    },

    async revokeSession(id: string, now: Date) {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
    },
  };
}

export type Store = ReturnType<typeof createStore>;
