-- Issue 30, items 1 and 2: a transcript's segments with their times and speakers, and a recording's participants.
-- A segment is one cue or turn: its start and end in seconds (null where the file has no times), the speaker
-- label as the file or the speech-to-text server gave it (null: nobody named), and its words.
CREATE TABLE "recording_segments" (
	"recording_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"start_seconds" real,
	"end_seconds" real,
	"speaker" text,
	"text" text NOT NULL,
	CONSTRAINT "recording_segments_pkey" PRIMARY KEY ("recording_id", "seq"),
	CONSTRAINT "recording_segments_times_check" CHECK ("recording_segments"."start_seconds" is null or ("recording_segments"."start_seconds" >= 0 and ("recording_segments"."end_seconds" is null or "recording_segments"."end_seconds" >= "recording_segments"."start_seconds")))
);
--> statement-breakpoint
ALTER TABLE "recording_segments" ADD CONSTRAINT "recording_segments_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_segments" ADD CONSTRAINT "recording_segments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Ask what was said: the words of every segment, searched by English stems.
CREATE INDEX "recording_segments_words_idx" ON "recording_segments" USING gin (to_tsvector('english', "text"));
--> statement-breakpoint
-- Who was on the call: from the upload dialog, the matching calendar call, the transcript's speakers, or a correction.
-- Matched to a workspace user or a contact where one is known; speaker_label is the transcript label mapped to them.
CREATE TABLE "recording_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text,
	"email" text,
	"user_id" uuid,
	"contact_id" uuid,
	"response_status" text,
	"organizer" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"speaker_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_participants_named_check" CHECK ("recording_participants"."name" is not null or "recording_participants"."email" is not null),
	CONSTRAINT "recording_participants_source_check" CHECK ("recording_participants"."source" in ('upload', 'call', 'transcript', 'edited')),
	CONSTRAINT "recording_participants_response_check" CHECK ("recording_participants"."response_status" is null or "recording_participants"."response_status" in ('accepted', 'declined', 'needsAction', 'tentative'))
);
--> statement-breakpoint
ALTER TABLE "recording_participants" ADD CONSTRAINT "recording_participants_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_participants" ADD CONSTRAINT "recording_participants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_participants" ADD CONSTRAINT "recording_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_participants" ADD CONSTRAINT "recording_participants_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_participants_recording_idx" ON "recording_participants" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "recording_participants_user_idx" ON "recording_participants" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "recording_participants_contact_idx" ON "recording_participants" USING btree ("contact_id") WHERE contact_id is not null;--> statement-breakpoint
-- One row per address on a recording (a person named twice merges into one).
CREATE UNIQUE INDEX "recording_participants_email_key" ON "recording_participants" USING btree ("recording_id", lower("email")) WHERE email is not null;
