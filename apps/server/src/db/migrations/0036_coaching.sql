-- Issue 31: coaching. Who spoke when on each call, each call's conversation statistics, and the figures per person
-- that the Coaching page aggregates.
--
-- recording_voice_turns: on a stereo recording with one voice per channel, the stretches where each channel speaks
-- (voice-activity detection per channel, written by the recordings module's "speakers" stage).
CREATE TABLE "recording_voice_turns" (
	"recording_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"channel" text NOT NULL,
	"start_seconds" real NOT NULL,
	"end_seconds" real NOT NULL,
	CONSTRAINT "recording_voice_turns_pkey" PRIMARY KEY("recording_id","seq"),
	CONSTRAINT "recording_voice_turns_channel_check" CHECK ("recording_voice_turns"."channel" in ('left', 'right')),
	CONSTRAINT "recording_voice_turns_times_check" CHECK ("recording_voice_turns"."start_seconds" >= 0 and "recording_voice_turns"."end_seconds" >= "recording_voice_turns"."start_seconds")
);
--> statement-breakpoint
ALTER TABLE "recording_voice_turns" ADD CONSTRAINT "recording_voice_turns_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_voice_turns" ADD CONSTRAINT "recording_voice_turns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whether the recording's audio was read as two separated channels: null until the speakers stage ran, false for
-- mono (or two copies of one mix).
ALTER TABLE "recordings" ADD COLUMN "separate_channels" boolean;--> statement-breakpoint
-- One row per recording: where its speakers came from, which stereo channel is the team's side (left by default,
-- as dialers and call recorders write it; a user may swap it), and the statistics of the Call stats tab.
CREATE TABLE "call_stats" (
	"recording_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"speaker_source" text NOT NULL,
	"team_channel" text DEFAULT 'left' NOT NULL,
	"stats" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_stats_speaker_source_check" CHECK ("call_stats"."speaker_source" in ('transcript', 'channels', 'none')),
	CONSTRAINT "call_stats_team_channel_check" CHECK ("call_stats"."team_channel" in ('left', 'right'))
);
--> statement-breakpoint
ALTER TABLE "call_stats" ADD CONSTRAINT "call_stats_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats" ADD CONSTRAINT "call_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One row per team-side user who spoke on a call with separated speakers: what the Coaching page aggregates. The
-- recording's uploader and time are copied so a period's rows of a viewer's subtree come from one index.
CREATE TABLE "call_stats_people" (
	"recording_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"duration_seconds" real NOT NULL,
	"talk_ratio" real NOT NULL,
	"longest_monologue_seconds" real NOT NULL,
	"longest_monologue_start" real,
	"interactivity" real NOT NULL,
	"patience_seconds" real,
	"questions" integer NOT NULL,
	"questions_per_hour" real NOT NULL,
	"words_per_minute" real,
	"fillers_per_minute" real,
	CONSTRAINT "call_stats_people_pkey" PRIMARY KEY("recording_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "call_stats_people" ADD CONSTRAINT "call_stats_people_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats_people" ADD CONSTRAINT "call_stats_people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats_people" ADD CONSTRAINT "call_stats_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats_people" ADD CONSTRAINT "call_stats_people_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_stats_people_user_idx" ON "call_stats_people" USING btree ("organization_id","user_id","recorded_at");--> statement-breakpoint
-- The workspace's competitors, set under Settings: the Call stats tab marks where calls name them.
CREATE TABLE "workspace_competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_competitors" ADD CONSTRAINT "workspace_competitors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_competitors_name_key" ON "workspace_competitors" USING btree ("organization_id",lower("name"));
