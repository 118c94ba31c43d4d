CREATE TABLE "followers" (
	"businessid" uuid NOT NULL,
	"customerid" uuid NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followers_businessid_customerid_pk" PRIMARY KEY("businessid","customerid")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"key" text PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"postid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"author_userid" uuid,
	"content" text DEFAULT '' NOT NULL,
	"image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_targets" (
	"key" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"content_type" text NOT NULL,
	"businessid" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_customerid_users_userid_fk" FOREIGN KEY ("customerid") REFERENCES "public"."users"("userid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_userid_users_userid_fk" FOREIGN KEY ("author_userid") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_targets" ADD CONSTRAINT "upload_targets_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "followers_business_followed_idx" ON "followers" USING btree ("businessid","followed_at","customerid");--> statement-breakpoint
CREATE INDEX "followers_customer_idx" ON "followers" USING btree ("customerid");--> statement-breakpoint
CREATE INDEX "media_business_idx" ON "media" USING btree ("businessid");--> statement-breakpoint
CREATE INDEX "posts_business_created_idx" ON "posts" USING btree ("businessid","created_at");