DROP INDEX "mail_outbox_sent_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "businessid" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "to_stranger" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Mails written before the outbox: each was tried once, inside its request.
UPDATE "mail_outbox" SET "created_at" = "sent_at", "attempts" = CASE WHEN "transport" = 'smtp' THEN 1 ELSE 0 END, "status" = CASE WHEN "error" IS NULL THEN 'sent' ELSE 'failed' END;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_stranger_idx" ON "mail_outbox" USING btree ("businessid","created_at") WHERE "mail_outbox"."to_stranger";