-- The newest change of a workspace (max(id) per organization) in one index probe: the assistant reads it before each command.
CREATE INDEX "crm_changes_org_id_idx" ON "crm_changes" USING btree ("organization_id","id");
