-- The history of every change to a deal, company or contact (who, which field, from what to what, when, and
-- where the change came from), written by AFTER triggers in the transaction of the write. A CRM write names its
-- actor and source with set_config('pipewise.actor' / 'pipewise.source', ..., true) at the start of its
-- transaction (crm-changes/crm-write.ts); a write that names none (the demo seed, bench data) writes no history.
CREATE TABLE "record_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"actor_id" uuid,
	"source" text NOT NULL,
	"operation" text NOT NULL,
	"field" text,
	"old_value" text,
	"new_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_history_record_type_check" CHECK ("record_history"."record_type" in ('deal', 'company', 'contact')),
	CONSTRAINT "record_history_operation_check" CHECK ("record_history"."operation" in ('create', 'update', 'delete')),
	CONSTRAINT "record_history_source_check" CHECK ("record_history"."source" in ('screen', 'assistant', 'whatsapp', 'call_suggestion', 'hubspot_sync', 'api'))
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One record's history, newest first, paged by id.
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("organization_id","record_type","record_id","id");--> statement-breakpoint
-- Notes on a deal, company or contact: whoever sees the record reads them.
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_record_type_check" CHECK ("notes"."record_type" in ('deal', 'company', 'contact')),
	CONSTRAINT "notes_body_length_check" CHECK (char_length("notes"."body") between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_record_idx" ON "notes" USING btree ("organization_id","record_type","record_id","created_at","id");--> statement-breakpoint
-- A statement's changes to deals, companies or contacts (TG_ARGV[0]: the record type) as history rows: one 'create' or
-- 'delete' row per record, or one 'update' row per column whose value changed. Bookkeeping columns (ids, version,
-- timestamps, the HubSpot id, search columns) are not history. One INSERT per statement (transition tables), so a
-- sync's batch of thousands costs one statement. A write that named no source writes nothing.
CREATE OR REPLACE FUNCTION record_history_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pipewise.source', true), '') = '' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation)
		SELECT n.organization_id, TG_ARGV[0], n.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'create'
		FROM new_rows n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation)
		SELECT o.organization_id, TG_ARGV[0], o.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'delete'
		FROM old_rows o;
	ELSE
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value)
		SELECT n.organization_id, TG_ARGV[0], n.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'update', f.key, j.before ->> f.key, j.after ->> f.key
		FROM new_rows n JOIN old_rows o ON o.id = n.id
		CROSS JOIN LATERAL (SELECT to_jsonb(o) AS before, to_jsonb(n) AS after) j
		CROSS JOIN LATERAL jsonb_each(j.after) f
		WHERE f.key NOT IN ('id', 'organization_id', 'version', 'external_id', 'created_at', 'updated_at')
			AND f.key NOT LIKE 'search%' AND (j.before -> f.key) IS DISTINCT FROM f.value;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deal's stakeholders added or removed, as changes of the deal's 'stakeholder' field (a deal deleted takes its
-- stakeholders with it: no row then). A HubSpot sync rewrites a deal's whole list, so its rewrites are not history
-- (the sync's changes to the deal's own columns are).
CREATE OR REPLACE FUNCTION record_history_stakeholder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pipewise.source', true), '') IN ('', 'hubspot_sync') THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value)
		SELECT d.organization_id, 'deal', d.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'update', 'stakeholder', o.contact_id::text
		FROM old_rows o JOIN deals d ON d.id = o.deal_id;
	ELSE
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, new_value)
		SELECT d.organization_id, 'deal', d.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
			current_setting('pipewise.source', true), 'update', 'stakeholder', n.contact_id::text
		FROM new_rows n JOIN deals d ON d.id = n.deal_id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_history_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('deal');--> statement-breakpoint
CREATE TRIGGER "deals_history_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('deal');--> statement-breakpoint
CREATE TRIGGER "deals_history_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('deal');--> statement-breakpoint
CREATE TRIGGER "companies_history_insert" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('company');--> statement-breakpoint
CREATE TRIGGER "companies_history_update" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('company');--> statement-breakpoint
CREATE TRIGGER "companies_history_delete" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('company');--> statement-breakpoint
CREATE TRIGGER "contacts_history_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('contact');--> statement-breakpoint
CREATE TRIGGER "contacts_history_update" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('contact');--> statement-breakpoint
CREATE TRIGGER "contacts_history_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_capture('contact');--> statement-breakpoint
CREATE TRIGGER "deal_stakeholders_history_insert" AFTER INSERT ON "deal_stakeholders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_stakeholder();--> statement-breakpoint
CREATE TRIGGER "deal_stakeholders_history_delete" AFTER DELETE ON "deal_stakeholders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_stakeholder();
