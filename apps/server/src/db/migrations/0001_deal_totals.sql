CREATE TABLE "deal_search" (
	"id" bigint PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"amount" numeric(18, 2),
	"closedate" date,
	"dealname" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_totals" (
	"organization_id" uuid NOT NULL,
	"owner_id" uuid,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "deal_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","owner_id","pipeline_id","stage_id")
);
--> statement-breakpoint
DROP INDEX "deals_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "deal_search" ADD CONSTRAINT "deal_search_id_deals_id_fk" FOREIGN KEY ("id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_totals" ADD CONSTRAINT "deal_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_search_text_trgm_idx" ON "deal_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deal_search_org_closedate_idx" ON "deal_search" USING btree ("organization_id","closedate");
--> statement-breakpoint
-- deal_totals follows every change to deals in the same transaction: statement-level triggers
-- read the changed rows (transition tables), add them up per key and upsert the difference in key
-- order, so a bulk change costs one upsert per key and concurrent writers lock keys in one order.
CREATE FUNCTION "deal_totals_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM deal_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO deal_totals AS t (organization_id, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT organization_id, owner_id, pipeline_id, stage_id, count(*), coalesce(sum(amount), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT deal_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    -- A workspace being deleted takes its totals with it (cascade): nothing to subtract there.
    INSERT INTO deal_totals AS t (organization_id, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT organization_id, owner_id, pipeline_id, stage_id, -count(*), -coalesce(sum(amount), 0)
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM organizations w WHERE w.id = o.organization_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT deal_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
  ELSE
    -- Only keys whose count or amount moved: an edit of a deal's name or notes writes nothing here.
    INSERT INTO deal_totals AS t (organization_id, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT organization_id, owner_id, pipeline_id, stage_id, sum(n), sum(a)
    FROM (
      SELECT organization_id, owner_id, pipeline_id, stage_id, 1 AS n, coalesce(amount, 0) AS a FROM new_rows
      UNION ALL
      SELECT organization_id, owner_id, pipeline_id, stage_id, -1, -coalesce(amount, 0) FROM old_rows
    ) change
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT deal_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deal_totals_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_totals_on_change();--> statement-breakpoint
CREATE TRIGGER "deal_totals_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_totals_on_change();--> statement-breakpoint
CREATE TRIGGER "deal_totals_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_totals_on_change();--> statement-breakpoint
CREATE TRIGGER "deal_totals_truncate" AFTER TRUNCATE ON "deals" FOR EACH STATEMENT EXECUTE FUNCTION deal_totals_on_change();--> statement-breakpoint
-- Recomputes one workspace's totals from its deals: after a bulk load that ran without triggers
-- (session_replication_role = replica), or to repair them.
CREATE FUNCTION "deal_totals_rebuild"(org uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM deal_totals WHERE organization_id = org;
  INSERT INTO deal_totals (organization_id, owner_id, pipeline_id, stage_id, deals, amount)
  SELECT organization_id, owner_id, pipeline_id, stage_id, count(*), coalesce(sum(amount), 0)
  FROM deals WHERE organization_id = org GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
INSERT INTO deal_totals (organization_id, owner_id, pipeline_id, stage_id, deals, amount)
SELECT organization_id, owner_id, pipeline_id, stage_id, count(*), coalesce(sum(amount), 0)
FROM deals GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The searched text of a deal, in one place for the triggers and the rebuild below.
CREATE FUNCTION "deal_search_text"(dealname text, nextsteps text, kdm text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(dealname || E'\x1f' || coalesce(nextsteps, '') || E'\x1f' || coalesce(kdm, ''));--> statement-breakpoint
-- deal_search mirrors each deal (deleted with it by the foreign key's cascade).
CREATE FUNCTION "deal_search_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_search (id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, search_text)
    SELECT id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, deal_search_text(dealname, nextsteps, kdm)
    FROM new_rows;
  ELSE
    UPDATE deal_search s SET organization_id = n.organization_id, owner_id = n.owner_id, pipeline_id = n.pipeline_id,
      stage_id = n.stage_id, amount = n.amount, closedate = n.closedate, dealname = n.dealname,
      search_text = deal_search_text(n.dealname, n.nextsteps, n.kdm)
    FROM new_rows n
    WHERE s.id = n.id AND (s.organization_id, s.owner_id, s.pipeline_id, s.stage_id, s.amount, s.closedate, s.dealname, s.search_text)
      IS DISTINCT FROM (n.organization_id, n.owner_id, n.pipeline_id, n.stage_id, n.amount, n.closedate, n.dealname, deal_search_text(n.dealname, n.nextsteps, n.kdm));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deal_search_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_search_on_change();--> statement-breakpoint
CREATE TRIGGER "deal_search_update" AFTER UPDATE ON "deals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_search_on_change();--> statement-breakpoint
-- Recomputes one workspace's search rows from its deals (after a load without triggers, or to repair them).
CREATE FUNCTION "deal_search_rebuild"(org uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM deal_search WHERE organization_id = org;
  INSERT INTO deal_search (id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, search_text)
  SELECT id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, deal_search_text(dealname, nextsteps, kdm)
  FROM deals WHERE organization_id = org;
$$;--> statement-breakpoint
INSERT INTO deal_search (id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, search_text)
SELECT id, organization_id, owner_id, pipeline_id, stage_id, amount, closedate, dealname, deal_search_text(dealname, nextsteps, kdm)
FROM deals;
