-- Tasks (issue 29, item 7): a to-do with an optional due day and HH:MM time read in the assignee's time zone,
-- an optional deal, company or contact it is about, an assignee and who created it, open or done.
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"due_date" date,
	"due_time" text,
	"assignee_id" uuid NOT NULL,
	"created_by" uuid,
	"deal_id" bigint,
	"company_id" uuid,
	"contact_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_title_check" CHECK (char_length("tasks"."title") between 1 and 500),
	CONSTRAINT "tasks_due_time_check" CHECK ("tasks"."due_time" is null or ("tasks"."due_date" is not null and "tasks"."due_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'done')),
	CONSTRAINT "tasks_one_record_check" CHECK (num_nonnulls("tasks"."deal_id", "tasks"."company_id", "tasks"."contact_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_org_idx" ON "tasks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_deal_idx" ON "tasks" USING btree ("deal_id") WHERE deal_id is not null;--> statement-breakpoint
CREATE INDEX "tasks_company_idx" ON "tasks" USING btree ("company_id") WHERE company_id is not null;--> statement-breakpoint
CREATE INDEX "tasks_contact_idx" ON "tasks" USING btree ("contact_id") WHERE contact_id is not null;
--> statement-breakpoint
-- The assistant creates tasks after the usual yes/no: a pending operation may be a task's.
ALTER TABLE "pending_operations" DROP CONSTRAINT "pending_operations_object_type_check";--> statement-breakpoint
ALTER TABLE "pending_operations" ADD CONSTRAINT "pending_operations_object_type_check" CHECK ("pending_operations"."object_type" in ('deal', 'company', 'contact', 'task'));
