ALTER TABLE "businesses" ADD COLUMN "qr_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "checklist_dismissed_at" timestamp with time zone;