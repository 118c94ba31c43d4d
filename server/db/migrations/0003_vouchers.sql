CREATE TABLE "issued_vouchers" (
	"issuedvoucherid" uuid PRIMARY KEY NOT NULL,
	"voucherid" uuid NOT NULL,
	"businessid" uuid NOT NULL,
	"customerid" uuid NOT NULL,
	"code" text NOT NULL,
	"statusid" integer DEFAULT 1 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid,
	CONSTRAINT "issued_vouchers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"voucherid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"vouchertypeid" integer NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"rules" text NOT NULL,
	"startdate" date NOT NULL,
	"enddate" date NOT NULL,
	"isactive" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_voucherid_vouchers_voucherid_fk" FOREIGN KEY ("voucherid") REFERENCES "public"."vouchers"("voucherid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_customerid_users_userid_fk" FOREIGN KEY ("customerid") REFERENCES "public"."users"("userid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_vouchers" ADD CONSTRAINT "issued_vouchers_redeemed_by_users_userid_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_vouchertypeid_voucher_types_vouchertypeid_fk" FOREIGN KEY ("vouchertypeid") REFERENCES "public"."voucher_types"("vouchertypeid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_deleted_by_users_userid_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_vouchers_voucher_customer_idx" ON "issued_vouchers" USING btree ("voucherid","customerid");--> statement-breakpoint
CREATE INDEX "issued_vouchers_business_issued_idx" ON "issued_vouchers" USING btree ("businessid","issued_at");--> statement-breakpoint
CREATE INDEX "issued_vouchers_business_redeemed_idx" ON "issued_vouchers" USING btree ("businessid","redeemed_at");--> statement-breakpoint
CREATE INDEX "issued_vouchers_customer_idx" ON "issued_vouchers" USING btree ("customerid");--> statement-breakpoint
CREATE INDEX "vouchers_business_idx" ON "vouchers" USING btree ("businessid","created_at");