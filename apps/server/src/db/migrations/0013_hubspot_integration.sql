CREATE TABLE "integration_connections" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"external_user_id" bigint,
	"external_email" text,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"refresh_lock_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_connections_user_id_provider_pk" PRIMARY KEY("user_id","provider"),
	CONSTRAINT "integration_connections_provider_check" CHECK ("integration_connections"."provider" in ('hubspot')),
	CONSTRAINT "integration_connections_state_check" CHECK ("integration_connections"."state" in ('active', 'broken'))
);
--> statement-breakpoint
CREATE TABLE "integration_connect_states" (
	"state" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"browser_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_integrations" (
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_id" bigint NOT NULL,
	"bound_by" uuid,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"phase" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_integrations_organization_id_provider_pk" PRIMARY KEY("organization_id","provider"),
	CONSTRAINT "workspace_integrations_sync_state_check" CHECK ("workspace_integrations"."sync_state" in ('idle', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "integration_pacing" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connect_states" ADD CONSTRAINT "integration_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_integrations_account_key" ON "workspace_integrations" USING btree ("provider","account_id");
