-- WhatsApp deliveries Meta sent us, by message id: a message delivered again is handled once.
CREATE TABLE "whatsapp_inbound_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"reply" jsonb,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_received_idx" ON "whatsapp_inbound_messages" USING btree ("received_at");--> statement-breakpoint
-- Each user's WhatsApp conversation: when they last wrote (the 24-hour window), the operation waiting for their yes,
-- and the day their morning digest went out.
CREATE TABLE "whatsapp_conversations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text,
	"last_inbound_at" timestamp with time zone,
	"pending_operation_id" uuid,
	"pending_expires_at" timestamp with time zone,
	"digest_sent_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_pending_operation_id_pending_operations_id_fk" FOREIGN KEY ("pending_operation_id") REFERENCES "public"."pending_operations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Numbers nobody verified: when they last got the one short reply (at most one a day).
CREATE TABLE "whatsapp_stranger_replies" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"replied_at" timestamp with time zone DEFAULT now() NOT NULL
);
