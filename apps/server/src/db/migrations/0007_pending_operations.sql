CREATE TABLE "pending_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"object_type" text NOT NULL,
	"identifier" text NOT NULL,
	"record_id" text,
	"record_version" integer,
	"record_updated_at" timestamp with time zone,
	"values" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_operations_operation_check" CHECK ("pending_operations"."operation" in ('create', 'update')),
	CONSTRAINT "pending_operations_object_type_check" CHECK ("pending_operations"."object_type" in ('deal', 'company', 'contact'))
);
--> statement-breakpoint
ALTER TABLE "pending_operations" ADD CONSTRAINT "pending_operations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_operations" ADD CONSTRAINT "pending_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_operations_user_idx" ON "pending_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_operations_expires_idx" ON "pending_operations" USING btree ("expires_at");