import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

type KeyObjectLike = Awaited<ReturnType<typeof importJWK>>;
export type SigningKey = { kid: string; privateKey: KeyObjectLike; publicJwk: JWK };
type PublicKey = { kid: string; key: KeyObjectLike; jwk: JWK };

const PUBLIC_FIELDS = ['kty', 'n', 'e'] as const;

/** Arbitrary but fixed: the transaction advisory lock under which the first signing key is made. */
const FIRST_KEY_LOCK = 7_287_2027;

/**
 * RS256 key ring kept in `signing_keys`. Operational choice: the private JWK lives in the database
 * (like the rest of the identity state), so every copy of the process signs with the same key and a
 * restart keeps sessions valid. Whoever can read the database can mint tokens; protect it (and its
 * backups) accordingly, or move the private key to a KMS if that ever matters.
 * The first start generates a key; the newest active key signs; every active key is published.
 * "First" holds across processes: servers, the users CLI and the simulator may all open a new database
 * at once, and exactly one of them makes the key (docs/decisions/016-several-copies.md).
 */
export async function loadKeyRing(db: Db, clock: Clock) {
  let publicKeys = new Map<string, PublicKey>();
  let signer: SigningKey | undefined;
  let decoySecret: Buffer = Buffer.alloc(0);
  let lastReload = 0;

  const load = async () => {
    const rows = await db
      .select()
      .from(signingKeys)
      .where(eq(signingKeys.active, true))
      .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
    if (rows.length === 0) return false;
    const next = new Map<string, PublicKey>();
    for (const row of rows) {
      next.set(row.kid, {
        kid: row.kid,
        key: await importJWK(row.publicJwk as JWK, 'RS256'),
        jwk: row.publicJwk as JWK,
      });
    }
    const newest = rows[0]!;
    signer = {
      kid: newest.kid,
      privateKey: await importJWK(newest.privateJwk as JWK, 'RS256'),
      publicJwk: newest.publicJwk as JWK,
    };
    publicKeys = next;
    return true;
  };

  const generate = async (tx: Db) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const privateJwk = await exportJWK(privateKey);
    const exported = await exportJWK(publicKey);
    const publicJwk: JWK = Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, exported[field]]));
    const kid = await calculateJwkThumbprint(publicJwk);
    Object.assign(publicJwk, { kid, alg: 'RS256', use: 'sig' });
    await tx
      .insert(signingKeys)
      .values({ kid, privateJwk: { ...privateJwk, kid, alg: 'RS256' }, publicJwk, createdAt: clock() });
  };

  if (!(await load())) {
    // Processes that found no key queue here; the first makes one, the others find it. Without this,
    // each made its own, and copies signed with different keys and published different JWKS.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FIRST_KEY_LOCK))})`);
      const [existing] = await tx
        .select({ kid: signingKeys.kid })
        .from(signingKeys)
        .where(eq(signingKeys.active, true))
        .limit(1);
      if (!existing) await generate(tx);
    });
    await load();
  }

  // A stable per-installation secret for the decoy SRP challenges of unknown e-mails (same salt and
  // username every time, like a real user's). Derived from the oldest key so it needs no extra table.
  const [oldest] = await db
    .select()
    .from(signingKeys)
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid))
    .limit(1);
  decoySecret = createHash('sha256')
    .update('decoy-srp:')
    .update(String((oldest!.privateJwk as JWK).d))
    .digest();

  return {
    signer: () => signer!,
    decoySecret: () => decoySecret,
    jwks: () => ({ keys: [...publicKeys.values()].map((key) => key.jwk as Record<string, unknown>) }),
    /** The public key for a kid; an unknown kid reloads the ring (another process may have rotated) at most every 10 s. */
    publicKey: async (kid: string | undefined) => {
      if (!kid) return undefined;
      if (!publicKeys.has(kid) && Date.now() - lastReload > 10_000) {
        lastReload = Date.now();
        await load();
      }
      return publicKeys.get(kid)?.key;
    },
  };
}

export type KeyRing = Awaited<ReturnType<typeof loadKeyRing>>;
