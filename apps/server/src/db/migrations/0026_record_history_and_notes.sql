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
-- A deal, company or contact row's change as history rows (p_old, p_new: the row before and after, as jsonb): one
-- 'create' or 'delete' row, or one 'update' row per column whose value changed. Bookkeeping columns (ids, version,
-- timestamps, the HubSpot id, search columns) are not history.
CREATE OR REPLACE FUNCTION record_history_write(p_type text, p_op text, p_old jsonb, p_new jsonb) RETURNS void LANGUAGE sql AS $$
	INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value)
	SELECT (coalesce(p_new, p_old) ->> 'organization_id')::uuid, p_type, coalesce(p_new, p_old) ->> 'id',
		nullif(current_setting('pipewise.actor', true), '')::uuid, current_setting('pipewise.source', true),
		CASE p_op WHEN 'INSERT' THEN 'create' WHEN 'DELETE' THEN 'delete' ELSE 'update' END, c.field, c.old_value, c.new_value
	FROM (
		SELECT NULL::text AS field, NULL::text AS old_value, NULL::text AS new_value WHERE p_op <> 'UPDATE'
		UNION ALL
		SELECT n.key, p_old ->> n.key, p_new ->> n.key FROM jsonb_each(p_new) n
		WHERE p_op = 'UPDATE' AND n.key NOT IN ('id', 'organization_id', 'version', 'external_id', 'created_at', 'updated_at')
			AND n.key NOT LIKE 'search%' AND (p_old -> n.key) IS DISTINCT FROM n.value
	) c
$$;
--> statement-breakpoint
-- The trigger of deals, companies and contacts (TG_ARGV[0]: the record type). A write that named no source writes nothing.
CREATE OR REPLACE FUNCTION record_history_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pipewise.source', true), '') = '' THEN
		RETURN NULL;
	END IF;
	PERFORM record_history_write(TG_ARGV[0], TG_OP, to_jsonb(OLD), to_jsonb(NEW));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deal's stakeholder added (p_added) or removed (p_removed), as a change of the deal's 'stakeholder' field.
CREATE OR REPLACE FUNCTION record_history_stakeholder_write(p_deal bigint, p_removed uuid, p_added uuid) RETURNS void LANGUAGE sql AS $$
	INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value)
	SELECT d.organization_id, 'deal', d.id::text, nullif(current_setting('pipewise.actor', true), '')::uuid,
		current_setting('pipewise.source', true), 'update', 'stakeholder', p_removed::text, p_added::text
	FROM deals d WHERE d.id = p_deal
$$;
--> statement-breakpoint
-- A deal's stakeholders. A HubSpot sync rewrites a deal's whole list, so its rewrites are not history (the sync's
-- changes to the deal's own columns are).
CREATE OR REPLACE FUNCTION record_history_stakeholder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('pipewise.source', true), '') IN ('', 'hubspot_sync') THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		PERFORM record_history_stakeholder_write(OLD.deal_id, OLD.contact_id, NULL);
	ELSE
		PERFORM record_history_stakeholder_write(NEW.deal_id, NULL, NEW.contact_id);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_record_history" AFTER INSERT OR UPDATE OR DELETE ON "deals" FOR EACH ROW EXECUTE FUNCTION record_history_capture('deal');--> statement-breakpoint
CREATE TRIGGER "companies_record_history" AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION record_history_capture('company');--> statement-breakpoint
CREATE TRIGGER "contacts_record_history" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION record_history_capture('contact');--> statement-breakpoint
CREATE TRIGGER "deal_stakeholders_record_history" AFTER INSERT OR DELETE ON "deal_stakeholders" FOR EACH ROW EXECUTE FUNCTION record_history_stakeholder();
