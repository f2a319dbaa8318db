CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin (lower("name" || E'\x1f' || coalesce("domain", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_org_name_prefix_idx" ON "companies" USING btree ("organization_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (lower("firstname" || ' ' || "lastname" || E'\x1f' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_org_name_prefix_idx" ON "contacts" USING btree ("organization_id",lower("firstname" || ' ' || "lastname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "deal_search_org_name_prefix_idx" ON "deal_search" USING btree ("organization_id",lower("dealname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "deal_stakeholders_contact_idx" ON "deal_stakeholders" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "deals_company_idx" ON "deals" USING btree ("company_id","owner_id","id");--> statement-breakpoint
CREATE INDEX "recordings_title_trgm_idx" ON "recordings" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recordings_org_title_prefix_idx" ON "recordings" USING btree ("organization_id",lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "calendar_meetings_title_trgm_idx" ON "calendar_meetings" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calendar_meetings_org_title_prefix_idx" ON "calendar_meetings" USING btree ("organization_id",lower("title") text_pattern_ops);