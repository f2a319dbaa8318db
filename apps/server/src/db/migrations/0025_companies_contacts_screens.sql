-- The companies and contacts screens (issue 29): a company's phone, and the indexes their lists and
-- duplicate checks read. Lists sort by name (case-insensitive), newest or last changed, each within
-- a workspace; an owner filter or a team's scope reads the owner indexes. A duplicate email or
-- domain is found case-insensitively per workspace; these are plain indexes, not unique ones,
-- because a HubSpot portal may hold duplicates and its import must not fail (the screens' writes
-- check under a transaction-level advisory lock instead).
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
CREATE INDEX "companies_org_lower_name_idx" ON "companies" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_org_created_idx" ON "companies" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "companies_org_updated_idx" ON "companies" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "companies_owner_name_idx" ON "companies" USING btree ("owner_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_org_domain_idx" ON "companies" USING btree ("organization_id",lower("domain")) WHERE "domain" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_lower_name_idx" ON "contacts" USING btree ("organization_id",lower("firstname" || ' ' || "lastname"),"id");--> statement-breakpoint
CREATE INDEX "contacts_org_created_idx" ON "contacts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_org_updated_idx" ON "contacts" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_owner_name_idx" ON "contacts" USING btree ("owner_id",lower("firstname" || ' ' || "lastname"),"id");--> statement-breakpoint
CREATE INDEX "contacts_org_email_idx" ON "contacts" USING btree ("organization_id",lower("email")) WHERE "email" is not null;
