-- Issue 30, item 3: suggested CRM updates from a processed recording linked to a deal. One row per proposed change
-- (the field, the proposed value, the sentence it came from with its speaker and start time) and its fate: open,
-- accepted or dismissed. `key` makes a change asked once per recording: the field for one-value fields, the field and
-- the value for lists (competitors, pain points, tasks); reprocessing inserts on conflict nothing, so an accepted or
-- dismissed suggestion never comes back.
CREATE TABLE "call_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"recording_id" uuid NOT NULL,
	"deal_id" bigint NOT NULL,
	"field" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"due_date" date,
	"stage_id" uuid,
	"quote" text NOT NULL,
	"speaker" text,
	"start_seconds" real,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_suggestions_field_check" CHECK ("call_suggestions"."field" in ('next_step', 'close_date', 'amount', 'pain_points', 'decision_maker', 'competitors', 'stage', 'task')),
	CONSTRAINT "call_suggestions_status_check" CHECK ("call_suggestions"."status" in ('open', 'accepted', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "call_suggestions" ADD CONSTRAINT "call_suggestions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_suggestions" ADD CONSTRAINT "call_suggestions_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_suggestions" ADD CONSTRAINT "call_suggestions_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_suggestions" ADD CONSTRAINT "call_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_suggestions_recording_key" ON "call_suggestions" USING btree ("recording_id","key");--> statement-breakpoint
-- A deal's open suggestions (the deal page's "3 suggestions from the call on 12 Nov").
CREATE INDEX "call_suggestions_deal_idx" ON "call_suggestions" USING btree ("deal_id","status");--> statement-breakpoint
-- Competitors named in calls: a deal field of Pipewise's own (not sent to HubSpot). The history triggers read every
-- column of deals, so its changes are history like any other field's.
ALTER TABLE "deals" ADD COLUMN "competitors" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The recording an accepted call suggestion came from, so a deal's history says "from the call on <date>". Named by
-- a CRM write with set_config('pipewise.source_recording', ..., true) beside its actor and source (crm-write.ts).
ALTER TABLE "record_history" ADD COLUMN "source_recording_id" uuid;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_source_recording_id_recordings_id_fk" FOREIGN KEY ("source_recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_history_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pipewise.source', true), '') = '' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, source_recording_id)
		SELECT n.organization_id, TG_ARGV[0], n.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'create', nullif(current_setting('pipewise.source_recording', true), '')::uuid
		FROM new_rows n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, source_recording_id)
		SELECT o.organization_id, TG_ARGV[0], o.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'delete', nullif(current_setting('pipewise.source_recording', true), '')::uuid
		FROM old_rows o;
	ELSE
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value, source_recording_id)
		SELECT n.organization_id, TG_ARGV[0], n.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'update', f.key, j.before ->> f.key, j.after ->> f.key,
			nullif(current_setting('pipewise.source_recording', true), '')::uuid
		FROM new_rows n JOIN old_rows o ON o.id = n.id
		CROSS JOIN LATERAL (SELECT to_jsonb(o) AS before, to_jsonb(n) AS after) j
		CROSS JOIN LATERAL jsonb_each(j.after) f
		WHERE f.key NOT IN ('id', 'organization_id', 'version', 'external_id', 'created_at', 'updated_at')
			AND f.key NOT LIKE 'search%' AND (j.before -> f.key) IS DISTINCT FROM f.value;
	END IF;
	RETURN NULL;
END;
$$;
