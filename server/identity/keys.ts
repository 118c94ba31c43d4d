import { createHash } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

type KeyObjectLike = Awaited<ReturnType<typeof importJWK>>;
export type SigningKey = { kid: string; privateKey: KeyObjectLike; publicJwk: JWK };
type PublicKey = { kid: string; key: KeyObjectLike; jwk: JWK };

const PUBLIC_FIELDS = ['kty', 'n', 'e'] as const;

/**
 * RS256 key ring kept in `signing_keys`. Operational choice: the private JWK lives in the database
 * (like the rest of the identity state), so every copy of the process signs with the same key and a
 * restart keeps sessions valid. Whoever can read the database can mint tokens; protect it (and its
 * backups) accordingly, or move the private key to a KMS if that ever matters.
 * The first start generates a key; the newest active key signs; every active key is published.
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

  const generate = async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const privateJwk = await exportJWK(privateKey);
    const exported = await exportJWK(publicKey);
    const publicJwk: JWK = Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, exported[field]]));
    const kid = await calculateJwkThumbprint(publicJwk);
    Object.assign(publicJwk, { kid, alg: 'RS256', use: 'sig' });
    // Two processes starting at once may both generate: harmless, both keys are published.
    await db
      .insert(signingKeys)
      .values({ kid, privateJwk: { ...privateJwk, kid, alg: 'RS256' }, publicJwk, createdAt: clock() })
      .onConflictDoNothing();
  };

  if (!(await load())) {
    await generate();
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
