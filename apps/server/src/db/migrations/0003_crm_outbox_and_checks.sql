CREATE TABLE "crm_owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"email" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"operation" text NOT NULL,
	"changed_fields" text[] NOT NULL,
	"version" integer,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_changes_object_type_check" CHECK ("crm_changes"."object_type" in ('deal', 'company', 'contact')),
	CONSTRAINT "crm_changes_operation_check" CHECK ("crm_changes"."operation" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "crm_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "crm_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "crm_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "crm_owners" ADD CONSTRAINT "crm_owners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owners" ADD CONSTRAINT "crm_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_changes" ADD CONSTRAINT "crm_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_changes" ADD CONSTRAINT "crm_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_owners_org_external_id_key" ON "crm_owners" USING btree ("organization_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_owners_org_user_key" ON "crm_owners" USING btree ("organization_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "crm_changes_object_idx" ON "crm_changes" USING btree ("organization_id","object_type","object_id","id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_crm_owner_id_crm_owners_id_fk" FOREIGN KEY ("crm_owner_id") REFERENCES "public"."crm_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_crm_owner_id_crm_owners_id_fk" FOREIGN KEY ("crm_owner_id") REFERENCES "public"."crm_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_crm_owner_id_crm_owners_id_fk" FOREIGN KEY ("crm_owner_id") REFERENCES "public"."crm_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_org_external_id_key" ON "companies" USING btree ("organization_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "companies_crm_owner_idx" ON "companies" USING btree ("crm_owner_id") WHERE crm_owner_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_org_external_id_key" ON "contacts" USING btree ("organization_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "contacts_crm_owner_idx" ON "contacts" USING btree ("crm_owner_id") WHERE crm_owner_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_org_external_id_key" ON "deals" USING btree ("organization_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "deals_crm_owner_idx" ON "deals" USING btree ("crm_owner_id") WHERE crm_owner_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_pipeline_external_id_key" ON "pipeline_stages" USING btree ("pipeline_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_org_external_id_key" ON "pipelines" USING btree ("organization_id","external_id") WHERE external_id is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_one_owner_check" CHECK ("companies"."owner_id" is null or "companies"."crm_owner_id" is null);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_one_owner_check" CHECK ("contacts"."owner_id" is null or "contacts"."crm_owner_id" is null);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_one_owner_check" CHECK ("deals"."owner_id" is null or "deals"."crm_owner_id" is null);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'));--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_status_check" CHECK ("registration_requests"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (lower("users"."role") in ('super_admin', 'admin', 'user'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'deactivated'));