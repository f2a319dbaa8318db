-- Each user's own messaging (WhatsApp) number, in E.164.
ALTER TABLE "users" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_number_check" CHECK ("users"."whatsapp_number" ~ '^\+[1-9][0-9]{7,14}$');
