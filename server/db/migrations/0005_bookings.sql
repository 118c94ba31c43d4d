CREATE TABLE "availability_rules" (
	"availabilityid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"resourceid" uuid NOT NULL,
	"dayofweek" integer NOT NULL,
	"starttime" time NOT NULL,
	"endtime" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_closures" (
	"closureid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"resourceid" uuid,
	"startdate" date NOT NULL,
	"enddate" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"email" text NOT NULL,
	"userid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_resources" (
	"resourceid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"resourcename" text NOT NULL,
	"description" text,
	"capacity" integer NOT NULL,
	"isactive" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"bookingid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"resourceid" uuid NOT NULL,
	"customerid" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"partysize" integer NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mail_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_resourceid_booking_resources_resourceid_fk" FOREIGN KEY ("resourceid") REFERENCES "public"."booking_resources"("resourceid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_closures" ADD CONSTRAINT "booking_closures_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_closures" ADD CONSTRAINT "booking_closures_resourceid_booking_resources_resourceid_fk" FOREIGN KEY ("resourceid") REFERENCES "public"."booking_resources"("resourceid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_customers" ADD CONSTRAINT "booking_customers_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_customers" ADD CONSTRAINT "booking_customers_userid_users_userid_fk" FOREIGN KEY ("userid") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resources" ADD CONSTRAINT "booking_resources_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resourceid_booking_resources_resourceid_fk" FOREIGN KEY ("resourceid") REFERENCES "public"."booking_resources"("resourceid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customerid_booking_customers_id_fk" FOREIGN KEY ("customerid") REFERENCES "public"."booking_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_rules_resource_idx" ON "availability_rules" USING btree ("resourceid","dayofweek","starttime");--> statement-breakpoint
CREATE INDEX "booking_closures_business_idx" ON "booking_closures" USING btree ("businessid","enddate");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_customers_business_email_idx" ON "booking_customers" USING btree ("businessid",lower("email"));--> statement-breakpoint
CREATE INDEX "booking_resources_business_idx" ON "booking_resources" USING btree ("businessid","created_at");--> statement-breakpoint
CREATE INDEX "bookings_business_starts_idx" ON "bookings" USING btree ("businessid","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_resource_starts_idx" ON "bookings" USING btree ("resourceid","starts_at");--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id");