-- Calls booked in Pipewise (issue 29, item 8): one booking is a row on the organiser's calendar and a copy on
-- each attending user's, grouped by booking_id, so every screen that reads a user's calendar shows it at once.
-- sequence is the iCalendar SEQUENCE of the invitations sent for it (an edit adds one).
ALTER TABLE "calendar_meetings" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD COLUMN "organizer_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_meetings_booking_idx" ON "calendar_meetings" USING btree ("booking_id") WHERE booking_id is not null;
