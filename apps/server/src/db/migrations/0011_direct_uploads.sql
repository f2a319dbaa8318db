-- Direct uploads handed out until their upload_key expires, so the bytes of one never filed as a video can be removed.
CREATE TABLE "direct_uploads" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_uploads" ADD CONSTRAINT "direct_uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_uploads_expires_at_idx" ON "direct_uploads" USING btree ("expires_at");