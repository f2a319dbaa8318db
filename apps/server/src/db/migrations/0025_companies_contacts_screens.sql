-- The companies and contacts screens (issue 29): a company's phone, and the indexes their lists and
-- duplicate checks read. Lists sort by name (case-insensitive), newest or last changed, each within
-- a workspace; an owner filter or a team's scope reads the owner indexes. A duplicate email or
-- domain is found case-insensitively per workspace; these are plain indexes, not unique ones,
-- because a HubSpot portal may hold duplicates and its import must not fail (the screens' writes
-- check under a transaction-level advisory lock instead). A manager's list tests most of the
-- workspace's records against the visibility rule (a count, a deep page): each sort index ends with
-- the owner (and the name it sorts by), and the deals index gives each owner's deals' companies, so
-- those tests read indexes only (drizzle-kit cannot emit INCLUDE, hence trailing key columns).
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
CREATE INDEX "companies_org_lower_name_idx" ON "companies" USING btree ("organization_id",lower("name"),"id","owner_id","name");--> statement-breakpoint
CREATE INDEX "companies_org_created_idx" ON "companies" USING btree ("organization_id","created_at","id","owner_id");--> statement-breakpoint
CREATE INDEX "companies_org_updated_idx" ON "companies" USING btree ("organization_id","updated_at","id","owner_id");--> statement-breakpoint
CREATE INDEX "companies_owner_name_idx" ON "companies" USING btree ("organization_id","owner_id",lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "companies_org_domain_idx" ON "companies" USING btree ("organization_id",lower("domain")) WHERE "domain" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_lower_name_idx" ON "contacts" USING btree ("organization_id",lower("firstname" || ' ' || "lastname"),"id","owner_id","firstname","lastname");--> statement-breakpoint
CREATE INDEX "contacts_org_created_idx" ON "contacts" USING btree ("organization_id","created_at","id","owner_id");--> statement-breakpoint
CREATE INDEX "contacts_org_updated_idx" ON "contacts" USING btree ("organization_id","updated_at","id","owner_id");--> statement-breakpoint
CREATE INDEX "contacts_owner_name_idx" ON "contacts" USING btree ("organization_id","owner_id",lower("firstname" || ' ' || "lastname"),"id","firstname","lastname");--> statement-breakpoint
CREATE INDEX "contacts_org_email_idx" ON "contacts" USING btree ("organization_id",lower("email")) WHERE "email" is not null;;--> statement-breakpoint
CREATE INDEX "deals_org_owner_company_idx" ON "deals" USING btree ("organization_id","owner_id","company_id");
