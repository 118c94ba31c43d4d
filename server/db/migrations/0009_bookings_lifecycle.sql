CREATE TABLE "booking_versions" (
	"businessid" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_customers" ADD COLUMN "app_booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_versions" ADD CONSTRAINT "booking_versions_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_customers_user_idx" ON "booking_customers" USING btree ("userid");--> statement-breakpoint
UPDATE "bookings" SET "status" = 'cancelled' WHERE "cancelled_at" IS NOT NULL;