CREATE TABLE "conversations" (
	"conversationid" uuid PRIMARY KEY NOT NULL,
	"businessid" uuid NOT NULL,
	"customerid" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_message" text,
	"last_message_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"customer_unread_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"messageid" uuid PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"conversationid" uuid NOT NULL,
	"businessid" uuid NOT NULL,
	"sender_type" text NOT NULL,
	"sender_userid" uuid,
	"messagetext" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_versions" (
	"businessid" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customerid_users_userid_fk" FOREIGN KEY ("customerid") REFERENCES "public"."users"("userid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversationid_conversations_conversationid_fk" FOREIGN KEY ("conversationid") REFERENCES "public"."conversations"("conversationid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_userid_users_userid_fk" FOREIGN KEY ("sender_userid") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_versions" ADD CONSTRAINT "messaging_versions_businessid_businesses_businessid_fk" FOREIGN KEY ("businessid") REFERENCES "public"."businesses"("businessid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_business_customer_idx" ON "conversations" USING btree ("businessid","customerid");--> statement-breakpoint
CREATE INDEX "conversations_business_active_idx" ON "conversations" USING btree ("businessid","is_active","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_customer_idx" ON "conversations" USING btree ("customerid","last_message_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversationid","created_at","seq");