-- A user's WhatsApp number is verified with a code sent to it (the code itself lives hashed in otp_codes);
-- a verified number takes the two notification opt-ins. time_zone is the IANA zone the user's browser
-- reported on the WhatsApp card (the morning digest's 08:00). One verified owner per number.
ALTER TABLE "users" ADD COLUMN "whatsapp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_morning_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_insights_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_verified_check"
  CHECK ("users"."whatsapp_verified_at" is null or "users"."whatsapp_number" is not null);--> statement-breakpoint
CREATE UNIQUE INDEX "users_whatsapp_verified_key" ON "users" USING btree ("whatsapp_number")
  WHERE "users"."whatsapp_verified_at" is not null;
