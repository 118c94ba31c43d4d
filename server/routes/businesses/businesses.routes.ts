import { sql } from 'drizzle-orm';
import { type BusinessProfile, BusinessProfileUpdate, ChecklistUpdate } from '#contracts/businesses.ts';
import { businesses } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { businessProfile, businessProfileOf, checklistOf } from './businesses.queries.ts';

const isKnownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The caller's own business: every query goes through the business scope of the verified token. */
export function businessesRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');
  const profileOf = businessProfileOf(db, 'businesses_me');

  app.get('/me', async (c) => {
    // Read with the session by the guard (decision 029); its own statement where it was not.
    const read = c.get('owner').business;
    if (read) return c.json(read satisfies BusinessProfile);
    const [row] = await profileOf.execute(businessScope(c));
    if (!row) throw notFound('ownBusiness');
    return c.json(row satisfies BusinessProfile);
  });

  app.put('/me', async (c) => {
    const mine = businessScope(c);
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
      .where(mine.where(businesses))
      .returning(businessProfile);
    if (!row) throw notFound('ownBusiness');
    return c.json(row satisfies BusinessProfile);
  });

  /** The getting-started checklist (issue 26), computed from the business's data each time. */
  app.get('/me/checklist', async (c) => {
    return c.json(await checklistOf(db, businessScope(c).businessid));
  });

  /** `{dismissed: true}` hides the checklist for good; `{qrShared: true}` marks the QR step (first time kept). */
  app.put('/me/checklist', async (c) => {
    const mine = businessScope(c);
    const body = await readJson(c, ChecklistUpdate);
    const now = clock();
    await db
      .update(businesses)
      .set({
        ...(body.dismissed ? { checklistDismissedAt: sql`coalesce(${businesses.checklistDismissedAt}, ${now})` } : {}),
        ...(body.qrShared ? { qrSharedAt: sql`coalesce(${businesses.qrSharedAt}, ${now})` } : {}),
      })
      .where(mine.where(businesses));
    return c.json(await checklistOf(db, mine.businessid));
  });

  return app;
}
