import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type BusinessProfile, BusinessProfileUpdate } from '#contracts/businesses.ts';
import type { AppDeps, AppEnv } from '../../app.ts';
import { businesses } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readJson } from '../../lib/validate.ts';

const toProfile = (row: typeof businesses.$inferSelect): BusinessProfile => ({
  businessid: row.businessid,
  businessname: row.businessname,
  description: row.description,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  logourl: row.logourl,
  timezone: row.timezone,
});

const isKnownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The caller's own business; every query is scoped by the owner id from the verified token. */
export function businessesRoutes({ db, clock }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/me', async (c) => {
    const [row] = await db
      .select()
      .from(businesses)
      .where(eq(businesses.ownerUserid, c.get('auth').sub));
    if (!row) throw new HttpError(404, 'No business profile found.');
    return c.json(toProfile(row));
  });

  app.put('/me', async (c) => {
    const body = await readJson(c, BusinessProfileUpdate);
    if (body.timezone !== undefined && !isKnownZone(body.timezone)) {
      throw new HttpError(400, 'Time zone is not a known IANA time zone (for example Europe/London).');
    }
    if ((body.latitude === null) !== (body.longitude === null)) {
      throw new HttpError(400, 'Latitude and longitude must be given together.');
    }
    const [row] = await db
      .update(businesses)
      .set({
        businessname: body.businessname,
        description: body.description || null,
        address: body.address || null,
        latitude: body.latitude,
        longitude: body.longitude,
        logourl: body.logourl || null,
        ...(body.timezone ? { timezone: body.timezone } : {}),
        updatedAt: clock(),
      })
      .where(eq(businesses.ownerUserid, c.get('auth').sub))
      .returning();
    if (!row) throw new HttpError(404, 'No business profile found.');
    return c.json(toProfile(row));
  });

  return app;
}
