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
-- A deal, company or contact row's change as history rows: one 'create' or 'delete' row, or one 'update' row per
-- column whose value changed. Bookkeeping columns (ids, version, timestamps, the HubSpot id) are not history.
CREATE OR REPLACE FUNCTION record_history_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	src text := nullif(current_setting('pipewise.source', true), '');
	actor uuid;
	old_row jsonb;
	new_row jsonb;
	row_id text;
	org uuid;
	k text;
BEGIN
	IF src IS NULL THEN
		RETURN NULL;
	END IF;
	actor := nullif(current_setting('pipewise.actor', true), '')::uuid;
	IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
	IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
	row_id := coalesce(new_row, old_row) ->> 'id';
	org := (coalesce(new_row, old_row) ->> 'organization_id')::uuid;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation)
		VALUES (org, TG_ARGV[0], row_id, actor, src, 'create');
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation)
		VALUES (org, TG_ARGV[0], row_id, actor, src, 'delete');
	ELSE
		FOR k IN SELECT jsonb_object_keys(new_row) LOOP
			CONTINUE WHEN k IN ('id', 'organization_id', 'version', 'external_id', 'created_at', 'updated_at') OR k LIKE 'search%';
			IF (old_row -> k) IS DISTINCT FROM (new_row -> k) THEN
				INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value)
				VALUES (org, TG_ARGV[0], row_id, actor, src, 'update', k, old_row ->> k, new_row ->> k);
			END IF;
		END LOOP;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deal's stakeholders as changes of the deal's 'stakeholder' field. A HubSpot sync rewrites a deal's whole list,
-- so its rewrites are not history (the sync's changes to the deal's own columns are).
CREATE OR REPLACE FUNCTION record_history_stakeholder() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	src text := nullif(current_setting('pipewise.source', true), '');
	org uuid;
	link deal_stakeholders;
BEGIN
	IF src IS NULL OR src = 'hubspot_sync' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN link := OLD; ELSE link := NEW; END IF;
	SELECT organization_id INTO org FROM deals WHERE id = link.deal_id;
	IF org IS NULL THEN
		RETURN NULL;
	END IF;
	INSERT INTO record_history (organization_id, record_type, record_id, actor_id, source, operation, field, old_value, new_value)
	VALUES (org, 'deal', link.deal_id::text, nullif(current_setting('pipewise.actor', true), '')::uuid, src, 'update', 'stakeholder',
		CASE WHEN TG_OP = 'DELETE' THEN link.contact_id::text END, CASE WHEN TG_OP = 'INSERT' THEN link.contact_id::text END);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_record_history" AFTER INSERT OR UPDATE OR DELETE ON "deals" FOR EACH ROW EXECUTE FUNCTION record_history_capture('deal');--> statement-breakpoint
CREATE TRIGGER "companies_record_history" AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION record_history_capture('company');--> statement-breakpoint
CREATE TRIGGER "contacts_record_history" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION record_history_capture('contact');--> statement-breakpoint
CREATE TRIGGER "deal_stakeholders_record_history" AFTER INSERT OR DELETE ON "deal_stakeholders" FOR EACH ROW EXECUTE FUNCTION record_history_stakeholder();
