import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import {
  AvailabilityRequest,
  type AvailabilityRule,
  type Closure,
  ClosureRequest,
  futureBookingsText,
  overlapText,
  type Resource,
  ResourceDeleteQuery,
  ResourceRequest,
} from '#contracts/bookings.ts';
import { resourceLimitReached } from '#contracts/limits.ts';
import { availabilityRules, bookingClosures, bookingResources } from '../../db/schema.ts';
import { businessDay } from '../../lib/business-time.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { localDate } from '../../lib/slots.ts';
import { lockBusiness } from '../../lib/usage.ts';
import { check, readJson } from '../../lib/validate.ts';
import { strangerMailPolicy } from '../../mail/relay.ts';
import type { AppDeps } from '../../types.ts';
import { cancelledMail } from './booking-mails.ts';
import { bumpBookingsVersion, resourceColumns, resourceCount, resourceOf, timeZoneOf } from './bookings.queries.ts';
import { cancelFutureBookings, futureBookingCount } from './cancel.ts';

/**
 * Booking Setup (spec §2, §5, §7): bookable resources with the package's limit, their weekly schedule
 * (rules of one day may not overlap), and closures (dates a resource or the whole business is shut).
 */
export function resourcesRoutes({ db, env, clock, mailer }: Pick<AppDeps, 'db' | 'env' | 'clock' | 'mailer'>) {
  const app = createRouter('owner');

  // ------------------------------------------------------------------ resources
  app.get('/booking-resources', async (c) => {
    const mine = businessScope(c);
    const rows = await db
      .select(resourceColumns)
      .from(bookingResources)
      .where(mine.where(bookingResources))
      .orderBy(asc(bookingResources.createdAt), asc(bookingResources.resourceid));
    return c.json(rows satisfies Resource[]);
  });

  /** The package's bookable-resource limit is counted and the row written under the business row's lock. */
  app.post('/booking-resources', async (c) => {
    const mine = businessScope(c);
    const body = await readJson(c, ResourceRequest);
    const created = await db.transaction(async (tx) => {
      const plan = await lockBusiness(tx, mine.businessid);
      if (!plan) throw notFound('ownBusiness');
      if ((await resourceCount(tx, mine.businessid)) >= plan.bookableResourcesLimit) {
        throw new HttpError(403, resourceLimitReached(plan.bookableResourcesLimit));
      }
      const [row] = await tx
        .insert(bookingResources)
        .values({ resourceid: newId(), businessid: mine.businessid, ...body, createdAt: clock() })
        .returning(resourceColumns);
      return row!;
    });
    return c.json(created satisfies Resource, 201);
  });

  app.put('/booking-resources/:id', async (c) => {
    const mine = businessScope(c);
    const resourceid = idParam(c, 'id', 'resource');
    const body = await readJson(c, ResourceRequest);
    // The calendar shows resource names: the window's version moves with them.
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(bookingResources)
        .set(body)
        .where(and(mine.where(bookingResources), eq(bookingResources.resourceid, resourceid)))
        .returning(resourceColumns);
      if (!updated) throw notFound('resource');
      await bumpBookingsVersion(tx, mine.businessid);
      return updated;
    });
    return c.json(row satisfies Resource);
  });

  /**
   * Deletes the resource with its schedule and closures. Bookings still ahead make it a 409 that says how
   * many (`futureBookings`), unless the owner confirms with `?cancelFutureBookings=true`: then they are
   * cancelled and their customers mailed (docs/decisions/011-bookings.md).
   */
  app.delete('/booking-resources/:id', async (c) => {
    const mine = businessScope(c);
    const resourceid = idParam(c, 'id', 'resource');
    const query = check(ResourceDeleteQuery, { cancelFutureBookings: c.req.query('cancelFutureBookings') });
    const confirmed = query.cancelFutureBookings === 'true';
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const resource = await resourceOf(tx, mine.businessid, resourceid, true);
      const ahead = await futureBookingCount(tx, resourceid, now);
      if (ahead > 0 && !confirmed) return { conflict: { resource, ahead } } as const;
      const cancelled =
        ahead > 0 ? await cancelFutureBookings(tx, mine.businessid, resourceid, now, c.get('owner').userid) : [];
      // Each customer's cancellation is written with the cancellation itself; to strangers past the
      // business's limit it is held (server/mail/relay.ts).
      const relay = strangerMailPolicy(tx, env, mine.businessid, now);
      for (const booking of cancelled) {
        await mailer.enqueue(tx, cancelledMail(booking), await relay.decide(booking.email));
      }
      await tx.delete(bookingResources).where(eq(bookingResources.resourceid, resourceid));
      await bumpBookingsVersion(tx, mine.businessid);
      return { resource, cancelled, mailHeld: relay.heldNotice() } as const;
    });
    if ('conflict' in outcome && outcome.conflict) {
      const { resource, ahead } = outcome.conflict;
      return c.json({ message: futureBookingsText(resource.resourcename, ahead), futureBookings: ahead }, 409);
    }
    mailer.wake();
    const n = outcome.cancelled?.length ?? 0;
    return c.json({
      message: n ? `Resource deleted; ${n} booking${n === 1 ? '' : 's'} cancelled.` : 'Resource deleted.',
      ...('mailHeld' in outcome && outcome.mailHeld ? { mailHeld: outcome.mailHeld } : {}),
    });
  });

  // ------------------------------------------------------------------ weekly availability
  const ruleColumns = {
    availabilityid: availabilityRules.availabilityid,
    resourceid: availabilityRules.resourceid,
    dayofweek: availabilityRules.dayofweek,
    starttime: availabilityRules.starttime,
    endtime: availabilityRules.endtime,
  };

  // GET /availability/{id}: id is the resource's (one path template with the rule's DELETE below).
  app.get('/availability/:id', async (c) => {
    const mine = businessScope(c);
    const resource = await resourceOf(db, mine.businessid, idParam(c, 'id', 'resource'));
    const rows = await db
      .select(ruleColumns)
      .from(availabilityRules)
      .where(and(mine.where(availabilityRules), eq(availabilityRules.resourceid, resource.resourceid)))
      .orderBy(asc(availabilityRules.dayofweek), asc(availabilityRules.starttime));
    return c.json(rows satisfies AvailabilityRule[]);
  });

  /** A rule overlapping another of the same day is refused (409), checked under the resource's lock. */
  app.post('/availability', async (c) => {
    const mine = businessScope(c);
    const body = await readJson(c, AvailabilityRequest);
    const created = await db.transaction(async (tx) => {
      const resource = await resourceOf(tx, mine.businessid, body.resourceid, true);
      const [clash] = await tx
        .select(ruleColumns)
        .from(availabilityRules)
        .where(
          and(
            eq(availabilityRules.resourceid, resource.resourceid),
            eq(availabilityRules.dayofweek, body.dayofweek),
            lt(availabilityRules.starttime, body.endtime),
            gt(availabilityRules.endtime, body.starttime),
          ),
        )
        .limit(1);
      if (clash) throw new HttpError(409, overlapText(clash.dayofweek, clash.starttime, clash.endtime));
      const [row] = await tx
        .insert(availabilityRules)
        .values({ availabilityid: newId(), businessid: mine.businessid, ...body })
        .returning(ruleColumns);
      return row!;
    });
    return c.json(created satisfies AvailabilityRule, 201);
  });

  app.delete('/availability/:id', async (c) => {
    const mine = businessScope(c);
    const id = idParam(c, 'id', 'rule');
    const [row] = await db
      .delete(availabilityRules)
      .where(and(mine.where(availabilityRules), eq(availabilityRules.availabilityid, id)))
      .returning({ id: availabilityRules.availabilityid });
    if (!row) throw notFound('rule');
    return c.json({ message: 'Rule deleted.' });
  });

  // ------------------------------------------------------------------ closures
  /** Closures that have not ended yet (today in the business's zone), soonest first. */
  app.get('/booking-closures', async (c) => {
    const mine = businessScope(c);
    const zone = await timeZoneOf(db, mine.businessid);
    const today = localDate(businessDay(clock(), zone).start, zone);
    const rows = await db
      .select({
        closureid: bookingClosures.closureid,
        resourceid: bookingClosures.resourceid,
        resourcename: bookingResources.resourcename,
        startdate: bookingClosures.startdate,
        enddate: bookingClosures.enddate,
        reason: bookingClosures.reason,
      })
      .from(bookingClosures)
      .leftJoin(bookingResources, eq(bookingResources.resourceid, bookingClosures.resourceid))
      .where(and(mine.where(bookingClosures), gte(bookingClosures.enddate, today)))
      .orderBy(asc(bookingClosures.startdate), asc(bookingClosures.closureid));
    return c.json(rows satisfies Closure[]);
  });

  app.post('/booking-closures', async (c) => {
    const mine = businessScope(c);
    const body = await readJson(c, ClosureRequest);
    const resource = body.resourceid ? await resourceOf(db, mine.businessid, body.resourceid) : null;
    const closureid = newId();
    await db.insert(bookingClosures).values({
      closureid,
      businessid: mine.businessid,
      resourceid: resource?.resourceid ?? null,
      startdate: body.startdate,
      enddate: body.enddate,
      reason: body.reason,
      createdAt: clock(),
    });
    const closure: Closure = {
      closureid,
      resourceid: resource?.resourceid ?? null,
      resourcename: resource?.resourcename ?? null,
      startdate: body.startdate,
      enddate: body.enddate,
      reason: body.reason,
    };
    return c.json(closure, 201);
  });

  app.delete('/booking-closures/:id', async (c) => {
    const mine = businessScope(c);
    const id = idParam(c, 'id', 'closure');
    const [row] = await db
      .delete(bookingClosures)
      .where(and(mine.where(bookingClosures), eq(bookingClosures.closureid, id)))
      .returning({ id: bookingClosures.closureid });
    if (!row) throw notFound('closure');
    return c.json({ message: 'Closure deleted.' });
  });

  return app;
}
