import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followerLimitReached } from '../../contracts/customers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createOwner } from './support/amplify.ts';
import { follow, unfollow } from './support/customers.ts';
import { signedInCustomer } from './support/signed-in.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('customers follow businesses through the customer API', () => {
  it('signs up, verifies, signs in, follows idempotently and unfollows', async () => {
    const owner = await createOwner(server, {
      email: 'fern@example.com',
      password: 'Owner#Pass2026',
      businessName: 'Fern Bakery',
    });
    const casey = await signedInCustomer(server, { email: 'casey@example.com' });
    const me = await server.api('GET', '/api/customer/me', { token: casey.accessToken });
    expect(await me.json()).toEqual({ firstname: 'Casey', lastname: 'Customer', email: 'casey@example.com' });

    const first = await follow(server, casey, owner.businessid!);
    expect(first.status).toBe(201);
    const { followedat } = await first.json();
    const again = await follow(server, casey, owner.businessid!);
    expect(again.status).toBe(200);
    expect((await again.json()).followedat).toBe(followedat);

    const gone = await unfollow(server, casey, owner.businessid!);
    expect(await gone.json()).toEqual({ following: false, followedat: null });
    expect((await follow(server, casey, owner.businessid!)).status).toBe(201);
  });

  it('answers 404 for an unknown or malformed business id, never a 500', async () => {
    const dana = await signedInCustomer(server, { email: 'dana@example.com' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table followers; --"]) {
      const res = await follow(server, dana, encodeURIComponent(id));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Business not found.' });
    }
  });

  it('refuses the follower beyond the package limit, also when they race for the last place', async () => {
    const owner = await createOwner(server, {
      email: 'tiny@example.com',
      password: 'Owner#Pass2026',
      businessName: 'Tiny Tea',
    });
    await server.deps.db.execute(`update packages set follower_limit = 2 where name = 'Free'`);
    try {
      const people = await Promise.all(
        ['p1', 'p2', 'p3', 'p4', 'p5'].map((p) => signedInCustomer(server, { email: `${p}@example.com` })),
      );
      const answers = await Promise.all(people.map((p) => follow(server, p, owner.businessid!)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(await refused.json()).toEqual({ message: followerLimitReached('Tiny Tea') });
    } finally {
      await server.deps.db.execute(`update packages set follower_limit = 100 where name = 'Free'`);
    }
  });
});
