CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"uploader_email" text NOT NULL,
	"deal_id" bigint,
	"pipeline_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"upload_type" text NOT NULL,
	"kind" text DEFAULT 'video' NOT NULL,
	"meet_link" text,
	"meet_attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_key" text,
	"media_type" text,
	"size_bytes" bigint,
	"original_name" text,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"error" text,
	"duration_seconds" integer,
	"transcript_status" text DEFAULT 'pending' NOT NULL,
	"transcription" text,
	"summary" text,
	"key_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sentiment" text,
	"snapshot_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snapshot_every_seconds" integer,
	"recorded_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordings_status_check" CHECK ("recordings"."status" in ('uploaded', 'processing', 'ready', 'failed')),
	CONSTRAINT "recordings_upload_type_check" CHECK ("recordings"."upload_type" in ('drive', 'file', 'transcription')),
	CONSTRAINT "recordings_transcript_status_check" CHECK ("recordings"."transcript_status" in ('pending', 'available', 'unavailable')),
	CONSTRAINT "recordings_sentiment_check" CHECK ("recordings"."sentiment" is null or "recordings"."sentiment" in ('positive', 'neutral', 'negative')),
	CONSTRAINT "recordings_kind_check" CHECK ("recordings"."kind" in ('call', 'email', 'video'))
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_org_uploader_idx" ON "recordings" USING btree ("organization_id","uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "recordings_deal_idx" ON "recordings" USING btree ("deal_id","created_at");