CREATE TABLE "calendar_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"source" text DEFAULT 'builtin' NOT NULL,
	"external_id" text,
	"title" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"time_zone" text,
	"all_day" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"organizer_email" text,
	"meet_link" text,
	"deal_id" bigint,
	"deal_linked_by_hand" boolean DEFAULT false NOT NULL,
	"is_team" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_meetings_source_check" CHECK ("calendar_meetings"."source" in ('builtin', 'google')),
	CONSTRAINT "calendar_meetings_status_check" CHECK ("calendar_meetings"."status" in ('confirmed', 'tentative', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "google_connect_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"google_email" text,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"sync_token" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_connections_state_check" CHECK ("google_connections"."state" in ('active', 'broken'))
);
--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connect_states" ADD CONSTRAINT "google_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_meetings_owner_external_id_key" ON "calendar_meetings" USING btree ("owner_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "calendar_meetings_org_owner_start_idx" ON "calendar_meetings" USING btree ("organization_id","owner_id","start_at");