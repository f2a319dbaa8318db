-- The first day of a close date's month (a date, whatever the session's time zone).
CREATE FUNCTION "deal_close_month"(d date) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN d - extract(day from d)::int + 1;--> statement-breakpoint
-- The deals count and amount per (workspace, close month, owner, pipeline, stage): the list's totals
-- for a close-date filter are a sum over whole months here plus the deals of the partial months at
-- its edges. A deal without a close date counts under a null month.
CREATE TABLE "deal_month_totals" (
	"organization_id" uuid NOT NULL,
	"month" date,
	"owner_id" uuid,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "deal_month_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","month","owner_id","pipeline_id","stage_id")
);
--> statement-breakpoint
ALTER TABLE "deal_month_totals" ADD CONSTRAINT "deal_month_totals_organization_id_organizations_id_fk"
  FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id")
  ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The searches whose totals are kept (common terms: counting their matches is the slow part of the
-- list), by their LIKE pattern over deal_search.search_text, as the list writes it.
CREATE TABLE "deal_search_terms" (
	"organization_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_search_terms_pkey" PRIMARY KEY("organization_id","pattern")
);
--> statement-breakpoint
ALTER TABLE "deal_search_terms" ADD CONSTRAINT "deal_search_terms_organization_id_organizations_id_fk"
  FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id")
  ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Per followed term, the count and amount of its matching deals per close month, owner, pipeline and stage.
CREATE TABLE "deal_term_totals" (
	"organization_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"month" date,
	"owner_id" uuid,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "deal_term_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","pattern","month","owner_id","pipeline_id","stage_id")
);
--> statement-breakpoint
ALTER TABLE "deal_term_totals" ADD CONSTRAINT "deal_term_totals_term_fk"
  FOREIGN KEY ("organization_id","pattern") REFERENCES "public"."deal_search_terms"("organization_id","pattern")
  ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every write to deals first takes a shared advisory lock (20, 0), held to the end of its transaction;
-- following a new term takes it exclusively (deal-totals-sql.ts) while it adds up the term's current
-- matches, so the writes in flight commit first and the next ones wait and then see the term: no write
-- can miss a term being filled. Taken before the statement changes anything, a writer never holds a
-- totals key while it waits there.
CREATE FUNCTION "deal_term_fill_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(20, 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deal_term_fill_guard" BEFORE INSERT OR UPDATE OR DELETE ON "deals"
  FOR EACH STATEMENT EXECUTE FUNCTION deal_term_fill_guard();--> statement-breakpoint
-- Both tables follow every change to deals in the same transaction, as deal_totals does (0001):
-- statement-level triggers add up the changed rows (transition tables) per key and upsert the
-- difference in key order. Their triggers are named to fire after deal_totals' (triggers fire in
-- name order), so every statement locks deal_totals keys, then month keys, then term keys.
CREATE FUNCTION "deal_month_totals_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM deal_month_totals;
    DELETE FROM deal_term_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO deal_month_totals AS t (organization_id, month, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT organization_id, deal_close_month(closedate), owner_id, pipeline_id, stage_id, count(*), coalesce(sum(amount), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT deal_month_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
    INSERT INTO deal_term_totals AS t (organization_id, pattern, month, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT n.organization_id, f.pattern, deal_close_month(n.closedate), n.owner_id, n.pipeline_id, n.stage_id, count(*),
      coalesce(sum(n.amount), 0)
    FROM new_rows n JOIN deal_search_terms f ON f.organization_id = n.organization_id
      AND deal_search_text(n.dealname, n.nextsteps, n.kdm) LIKE f.pattern
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT deal_term_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    -- A workspace being deleted takes its totals with it (cascade): nothing to subtract there.
    INSERT INTO deal_month_totals AS t (organization_id, month, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT organization_id, deal_close_month(closedate), owner_id, pipeline_id, stage_id, -count(*), -coalesce(sum(amount), 0)
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM organizations w WHERE w.id = o.organization_id)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT deal_month_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
    INSERT INTO deal_term_totals AS t (organization_id, pattern, month, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT o.organization_id, f.pattern, deal_close_month(o.closedate), o.owner_id, o.pipeline_id, o.stage_id, -count(*),
      -coalesce(sum(o.amount), 0)
    FROM old_rows o JOIN deal_search_terms f ON f.organization_id = o.organization_id
      AND deal_search_text(o.dealname, o.nextsteps, o.kdm) LIKE f.pattern
    WHERE EXISTS (SELECT 1 FROM organizations w WHERE w.id = o.organization_id)
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT deal_term_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
  ELSE
    -- Only keys whose count or amount moved: an edit of a deal's notes writes nothing to the month totals.
    INSERT INTO deal_month_totals AS t (organization_id, month, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT organization_id, month, owner_id, pipeline_id, stage_id, sum(n), sum(a)
    FROM (
      SELECT organization_id, deal_close_month(closedate) AS month, owner_id, pipeline_id, stage_id, 1 AS n, coalesce(amount, 0) AS a
      FROM new_rows
      UNION ALL
      SELECT organization_id, deal_close_month(closedate), owner_id, pipeline_id, stage_id, -1, -coalesce(amount, 0) FROM old_rows
    ) change
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT deal_month_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
    INSERT INTO deal_term_totals AS t (organization_id, pattern, month, owner_id, pipeline_id, stage_id, deals, amount)
    SELECT c.organization_id, f.pattern, c.month, c.owner_id, c.pipeline_id, c.stage_id, sum(c.n), sum(c.a)
    FROM (
      SELECT organization_id, deal_close_month(closedate) AS month, owner_id, pipeline_id, stage_id, 1 AS n, coalesce(amount, 0) AS a,
        deal_search_text(dealname, nextsteps, kdm) AS text
      FROM new_rows
      UNION ALL
      SELECT organization_id, deal_close_month(closedate), owner_id, pipeline_id, stage_id, -1, -coalesce(amount, 0),
        deal_search_text(dealname, nextsteps, kdm)
      FROM old_rows
    ) c JOIN deal_search_terms f ON f.organization_id = c.organization_id AND c.text LIKE f.pattern
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(c.n) <> 0 OR sum(c.a) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT deal_term_totals_key DO UPDATE SET deals = t.deals + excluded.deals, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_month_totals_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_month_totals_on_change();--> statement-breakpoint
CREATE TRIGGER "deals_month_totals_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_month_totals_on_change();--> statement-breakpoint
CREATE TRIGGER "deals_month_totals_delete" AFTER DELETE ON "deals"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_month_totals_on_change();--> statement-breakpoint
CREATE TRIGGER "deals_month_totals_truncate" AFTER TRUNCATE ON "deals"
  FOR EACH STATEMENT EXECUTE FUNCTION deal_month_totals_on_change();--> statement-breakpoint
-- Recomputes one workspace's month totals and followed terms' totals from its deals: after a bulk
-- load that ran without triggers (session_replication_role = replica), or to repair them.
CREATE FUNCTION "deal_month_totals_rebuild"(org uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM deal_month_totals WHERE organization_id = org;
  INSERT INTO deal_month_totals (organization_id, month, owner_id, pipeline_id, stage_id, deals, amount)
  SELECT organization_id, deal_close_month(closedate), owner_id, pipeline_id, stage_id, count(*), coalesce(sum(amount), 0)
  FROM deals WHERE organization_id = org GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM deal_term_totals WHERE organization_id = org;
  INSERT INTO deal_term_totals (organization_id, pattern, month, owner_id, pipeline_id, stage_id, deals, amount)
  SELECT d.organization_id, f.pattern, deal_close_month(d.closedate), d.owner_id, d.pipeline_id, d.stage_id, count(*),
    coalesce(sum(d.amount), 0)
  FROM deals d JOIN deal_search_terms f ON f.organization_id = d.organization_id
    AND deal_search_text(d.dealname, d.nextsteps, d.kdm) LIKE f.pattern
  WHERE d.organization_id = org GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
INSERT INTO deal_month_totals (organization_id, month, owner_id, pipeline_id, stage_id, deals, amount)
SELECT organization_id, deal_close_month(closedate), owner_id, pipeline_id, stage_id, count(*), coalesce(sum(amount), 0)
FROM deals GROUP BY 1, 2, 3, 4, 5;
