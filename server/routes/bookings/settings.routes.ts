import { type BookingSettings, BookingSettingsRequest } from '#contracts/bookings.ts';
import { businesses } from '../../db/schema.ts';
import { notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { rescheduleReminders } from './booking-notices.ts';

const columns = {
  reminderLeadMinutes: businesses.reminderLeadMinutes,
  cancellationCutoffMinutes: businesses.cancellationCutoffMinutes,
  notifyOwnerOfBookings: businesses.notifyOwnerOfBookings,
};

/**
 * The business's booking settings (issue 24): the reminder lead (null: no reminders), the customers'
 * cancellation cut-off, and whether the owner is mailed about the customers' own bookings. Owner only.
 */
export function bookingSettingsRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');

  app.get('/businesses/me/booking-settings', async (c) => {
    const mine = businessScope(c);
    const [row] = await db.select(columns).from(businesses).where(mine.where(businesses));
    if (!row) throw notFound('ownBusiness');
    return c.json(row satisfies BookingSettings);
  });

  /** A new reminder lead moves the reminders not yet sent, in the same transaction. */
  app.put('/businesses/me/booking-settings', async (c) => {
    const mine = businessScope(c);
    const body = await readJson(c, BookingSettingsRequest);
    const now = clock();
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(businesses)
        .set({ ...body, updatedAt: now })
        .where(mine.where(businesses))
        .returning(columns);
      if (!row) throw notFound('ownBusiness');
      await rescheduleReminders(tx, mine.businessid, row.reminderLeadMinutes, now);
      return row;
    });
    return c.json(row satisfies BookingSettings);
  });

  return app;
}
