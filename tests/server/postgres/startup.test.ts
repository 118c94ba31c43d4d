import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boot, listen } from '../../../server/boot.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { signingKeys, users } from '../../../server/db/schema.ts';
import { defaultEnv } from '../../../server/env.ts';
import { loadKeyRing } from '../../../server/identity/keys.ts';
import { systemClock } from '../../../server/lib/clock.ts';
import { emptyPostgresDatabase } from '../harness.ts';

const quiet = { info: () => {}, error: () => {} };

// Scale-out means several copies of the process on one PostgreSQL; PGlite is single-process, so only
// the server-postgres project (TEST_DATABASE_URL set) includes tests/server/postgres/.
describe('several servers starting together on one PostgreSQL', () => {
  it('migrate and seed once, share one signing key and answer the same JWKS', async () => {
    const empty = await emptyPostgresDatabase();
    const env = defaultEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false' });
    const start = async () => {
      const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 3 });
      // Workers deferred, as npm start does until it listens: a quarter-hour housekeeping tick of one copy
      // during another's demo seed deleted a follower's verification token, made at its moment weeks ago
      // and so more than a week past its expiry, before the seed followed the link (a CI run at 02:15).
      const booted = await boot({ env, database, demo: true, log: quiet, deferWorkers: true });
      const listening = await listen(booted.app.fetch, 0, '127.0.0.1');
      return { database, booted, listening };
    };
    const servers = await Promise.all([start(), start(), start()]);
    try {
      expect(servers.filter((s) => s.booted.demoCreated)).toHaveLength(1);
      const { db } = servers[0]!.database;
      const [demo] = await db.select({ n: count() }).from(users).where(eq(users.email, env.DEMO_EMAIL));
      expect(demo!.n).toBe(1);
      const [keys] = await db.select({ n: count() }).from(signingKeys);
      expect(keys!.n).toBe(1);
      const jwks = await Promise.all(
        servers.map(async (s) => (await fetch(`${s.listening.url}/cognito/.well-known/jwks.json`)).text()),
      );
      expect(new Set(jwks).size).toBe(1);
    } finally {
      for (const s of servers) {
        await s.listening.close();
        await s.database.close();
      }
      await empty.drop();
    }
  });
});

describe('the signing key, made once whoever asks first', () => {
  // Servers take the start-up lock, but `npm run users` and the simulator load the key ring on their
  // own: on a new database, a server and the users CLI starting together must still end up with one key.
  it('four key rings on two connection pools to an empty database make one key and publish the same JWKS', async () => {
    const empty = await emptyPostgresDatabase();
    const pools = [
      await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 2 }),
      await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 2 }),
    ];
    try {
      const rings = await Promise.all([0, 1, 2, 3].map((i) => loadKeyRing(pools[i % 2]!.db, systemClock)));
      expect(await pools[0]!.db.select().from(signingKeys)).toHaveLength(1);
      const kids = rings.map((ring) => ring.signer().kid);
      expect(new Set(kids).size).toBe(1);
      for (const ring of rings) expect(ring.jwks()).toEqual(rings[0]!.jwks());
    } finally {
      for (const pool of pools) await pool.close();
      await empty.drop();
    }
  });
});
