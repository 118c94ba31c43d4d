CREATE TABLE "booking_notices" (
	"bookingid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"confirmation_sent" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reminder_lead_minutes" integer DEFAULT 1440;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "cancellation_cutoff_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "notify_owner_of_bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_notices" ADD CONSTRAINT "booking_notices_bookingid_bookings_bookingid_fk" FOREIGN KEY ("bookingid") REFERENCES "public"."bookings"("bookingid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notices" ADD CONSTRAINT "booking_notices_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_notices_due_idx" ON "booking_notices" USING btree ("remind_at") WHERE "booking_notices"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "booking_notices_business_idx" ON "booking_notices" USING btree ("businessid");--> statement-breakpoint
-- Bookings made before reminders existed: reminded a day ahead (the default lead) when that is still ahead.
INSERT INTO "booking_notices" ("bookingid", "businessid", "sequence", "remind_at")
SELECT "bookingid", "businessid", 0, CASE WHEN "starts_at" - interval '1 day' > now() THEN "starts_at" - interval '1 day' END
FROM "bookings" WHERE "cancelled_at" IS NULL AND "starts_at" > now();
