-- The confidence score computed from a deal's signals (issue 30, docs/confidence-score.md): the score stays in
-- deals.confidence_score, its factors (points and a sentence each) beside it, and when it was computed, so a sweep
-- finds the scores whose inputs changed since or whose day has passed. The list sorts by it (deals and
-- deal_search carry it under the same name, as every sorted column).
ALTER TABLE "deals" ADD COLUMN "confidence_factors" jsonb;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "confidence_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_search" ADD COLUMN "confidence_score" integer;--> statement-breakpoint
UPDATE "deal_search" s SET "confidence_score" = d."confidence_score" FROM "deals" d WHERE d."id" = s."id" AND d."confidence_score" IS NOT NULL;--> statement-breakpoint
-- Exactly the two confidence sorts, so their first page is read off an index (as deals_org_amount_idx does for value).
CREATE INDEX "deals_org_confidence_asc_idx" ON "deals" USING btree ("organization_id","confidence_score" ASC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_org_confidence_desc_idx" ON "deals" USING btree ("organization_id","confidence_score" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The daily sweep's "computed before today" over the deals of a workspace.
CREATE INDEX "deals_org_confidence_computed_idx" ON "deals" USING btree ("organization_id","confidence_computed_at");--> statement-breakpoint
-- The sweep's "inputs changed in the last minutes", each a short index range instead of a scan of the whole table.
CREATE INDEX "record_history_deal_created_idx" ON "record_history" USING btree ("created_at") WHERE record_type = 'deal';--> statement-breakpoint
CREATE INDEX "notes_deal_updated_idx" ON "notes" USING btree ("updated_at") WHERE record_type = 'deal';--> statement-breakpoint
CREATE INDEX "tasks_deal_updated_idx" ON "tasks" USING btree ("updated_at") WHERE deal_id is not null;--> statement-breakpoint
CREATE INDEX "recordings_deal_updated_idx" ON "recordings" USING btree ("updated_at") WHERE deal_id is not null;--> statement-breakpoint
CREATE INDEX "recording_participants_created_idx" ON "recording_participants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "calendar_meetings_deal_updated_idx" ON "calendar_meetings" USING btree ("updated_at") WHERE deal_id is not null;--> statement-breakpoint
CREATE INDEX "calendar_meetings_deal_start_idx" ON "calendar_meetings" USING btree ("start_at") WHERE deal_id is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_search_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_search (id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, search_text, confidence_score)
    SELECT id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, deal_search_text(dealname, nextsteps, kdm), confidence_score
    FROM new_rows;
  ELSE
    UPDATE deal_search s SET organization_id = n.organization_id, owner_id = n.owner_id, pipeline_id = n.pipeline_id,
      stage_id = n.stage_id, amount = n.amount, closedate = n.closedate, dealname = n.dealname,
      search_text = deal_search_text(n.dealname, n.nextsteps, n.kdm), confidence_score = n.confidence_score
    FROM new_rows n
    WHERE s.id = n.id AND (s.organization_id, s.owner_id, s.pipeline_id, s.stage_id, s.amount, s.closedate, s.dealname, s.search_text,
        s.confidence_score)
      IS DISTINCT FROM (n.organization_id, n.owner_id, n.pipeline_id, n.stage_id, n.amount, n.closedate, n.dealname,
        deal_search_text(n.dealname, n.nextsteps, n.kdm), n.confidence_score);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_search_rebuild"(org uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM deal_search WHERE organization_id = org;
  INSERT INTO deal_search (id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, search_text, confidence_score)
  SELECT id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, deal_search_text(dealname, nextsteps, kdm),
    confidence_score
  FROM deals WHERE organization_id = org;
$$;--> statement-breakpoint
-- The computed score is not a field anyone changed: its columns are bookkeeping, as version and updated_at are, so
-- they write no history (and a score refresh is not "activity" on the deal). The function keeps 0034's recording an
-- accepted call suggestion came from.
CREATE OR REPLACE FUNCTION record_history_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pipewise.source', true), '') = '' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, source_recording_id)
		SELECT n.organization_id, TG_ARGV[0], n.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'create', nullif(current_setting('pipewise.source_recording', true), '')::uuid
		FROM new_rows n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, source_recording_id)
		SELECT o.organization_id, TG_ARGV[0], o.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'delete', nullif(current_setting('pipewise.source_recording', true), '')::uuid
		FROM old_rows o;
	ELSE
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value, source_recording_id)
		SELECT n.organization_id, TG_ARGV[0], n.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'update', f.key, j.before ->> f.key, j.after ->> f.key,
			nullif(current_setting('pipewise.source_recording', true), '')::uuid
		FROM new_rows n JOIN old_rows o ON o.id = n.id
		CROSS JOIN LATERAL (SELECT to_jsonb(o) AS before, to_jsonb(n) AS after) j
		CROSS JOIN LATERAL jsonb_each(j.after) f
		WHERE f.key NOT IN ('id', 'organization_id', 'version', 'external_id', 'created_at', 'updated_at')
			AND f.key NOT LIKE 'search%' AND f.key NOT LIKE 'confidence%' AND (j.before -> f.key) IS DISTINCT FROM f.value;
	END IF;
	RETURN NULL;
END;
$$;
