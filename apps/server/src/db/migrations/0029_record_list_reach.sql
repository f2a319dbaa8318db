-- The companies and contacts lists at 100k companies and 300k contacts (issue 29's bench): a list
-- below admin shows what the viewer's team owns plus what a deal of the team reaches (decision 13).
-- Counting and paging those from the records themselves read every row of the team (tens of
-- thousands of index entries a request), so three tables kept by triggers in the same transaction
-- answer them instead:
--   record_owner_totals: how many companies and contacts each owner (or no one) has per workspace;
--   company_deal_reach:  each (deal owner, company) pair with how many of that owner's deals are on
--                        the company, and the company's own owner (to tell "seen only through a deal");
--   contact_deal_reach:  the same for contacts, through deal_stakeholders.
-- Row triggers keep them: companies and contacts (insert, delete, owner change), deals (insert,
-- delete, owner or company change) and deal_stakeholders (insert, delete, change). A deal's delete
-- drops its stakeholders' reach before the row goes (BEFORE DELETE: the cascade that removes the
-- stakeholders runs after the deal is gone and cannot read its owner any more).
-- Bulk loads that switch triggers off (session_replication_role = replica) call
-- record_reach_rebuild(workspace) afterwards.
CREATE TABLE "record_owner_totals" (
	"organization_id" uuid NOT NULL,
	"owner_id" uuid,
	"companies" bigint DEFAULT 0 NOT NULL,
	"contacts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "record_owner_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","owner_id")
);
--> statement-breakpoint
CREATE TABLE "company_deal_reach" (
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"company_owner_id" uuid,
	"deals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_deal_reach_pkey" PRIMARY KEY("organization_id","owner_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "contact_deal_reach" (
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"contact_owner_id" uuid,
	"deals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_deal_reach_pkey" PRIMARY KEY("organization_id","owner_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "record_owner_totals" ADD CONSTRAINT "record_owner_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_deal_reach" ADD CONSTRAINT "company_deal_reach_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_deal_reach" ADD CONSTRAINT "contact_deal_reach_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_deal_reach_company_idx" ON "company_deal_reach" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "company_deal_reach_team_idx" ON "company_deal_reach" USING btree ("organization_id","owner_id","company_owner_id","company_id");--> statement-breakpoint
CREATE INDEX "contact_deal_reach_contact_idx" ON "contact_deal_reach" USING btree ("contact_id","owner_id");--> statement-breakpoint
CREATE INDEX "contact_deal_reach_team_idx" ON "contact_deal_reach" USING btree ("organization_id","owner_id","contact_owner_id","contact_id");--> statement-breakpoint
CREATE FUNCTION "record_owner_totals_add"(org uuid, owner uuid, dcompanies integer, dcontacts integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO record_owner_totals AS t (organization_id, owner_id, companies, contacts) VALUES (org, owner, dcompanies, dcontacts)
  ON CONFLICT ON CONSTRAINT record_owner_totals_key DO UPDATE
    SET companies = t.companies + excluded.companies, contacts = t.contacts + excluded.contacts;
$$;--> statement-breakpoint
-- One more (n = 1) or one fewer (n = -1) deal of `owner` on the company; the company row is share-locked
-- while its owner is read, so a concurrent change of that owner cannot leave a stale copy here.
CREATE FUNCTION "company_deal_reach_add"(org uuid, owner uuid, company uuid, n integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  company_owner uuid;
BEGIN
  IF owner IS NULL OR company IS NULL THEN RETURN; END IF;
  IF n > 0 THEN
    SELECT c.owner_id INTO company_owner FROM companies c WHERE c.id = company FOR SHARE;
    INSERT INTO company_deal_reach AS r (organization_id, owner_id, company_id, company_owner_id, deals)
    VALUES (org, owner, company, company_owner, n)
    ON CONFLICT ON CONSTRAINT company_deal_reach_pkey DO UPDATE SET deals = r.deals + excluded.deals;
  ELSE
    UPDATE company_deal_reach SET deals = deals + n WHERE organization_id = org AND owner_id = owner AND company_id = company;
    DELETE FROM company_deal_reach WHERE organization_id = org AND owner_id = owner AND company_id = company AND deals <= 0;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "contact_deal_reach_add"(org uuid, owner uuid, contact uuid, n integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  contact_owner uuid;
BEGIN
  IF owner IS NULL OR contact IS NULL THEN RETURN; END IF;
  IF n > 0 THEN
    SELECT k.owner_id INTO contact_owner FROM contacts k WHERE k.id = contact FOR SHARE;
    INSERT INTO contact_deal_reach AS r (organization_id, owner_id, contact_id, contact_owner_id, deals)
    VALUES (org, owner, contact, contact_owner, n)
    ON CONFLICT ON CONSTRAINT contact_deal_reach_pkey DO UPDATE SET deals = r.deals + excluded.deals;
  ELSE
    UPDATE contact_deal_reach SET deals = deals + n WHERE organization_id = org AND owner_id = owner AND contact_id = contact;
    DELETE FROM contact_deal_reach WHERE organization_id = org AND owner_id = owner AND contact_id = contact AND deals <= 0;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "companies_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM record_owner_totals_add(OLD.organization_id, OLD.owner_id, -1, 0); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM record_owner_totals_add(NEW.organization_id, NEW.owner_id, 1, 0); END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE company_deal_reach SET company_owner_id = NEW.owner_id WHERE company_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_reach" AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION companies_reach_on_change();--> statement-breakpoint
CREATE FUNCTION "contacts_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM record_owner_totals_add(OLD.organization_id, OLD.owner_id, 0, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM record_owner_totals_add(NEW.organization_id, NEW.owner_id, 0, 1); END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE contact_deal_reach SET contact_owner_id = NEW.owner_id WHERE contact_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_reach" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION contacts_reach_on_change();--> statement-breakpoint
CREATE FUNCTION "deals_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
      OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM company_deal_reach_add(OLD.organization_id, OLD.owner_id, OLD.company_id, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM company_deal_reach_add(NEW.organization_id, NEW.owner_id, NEW.company_id, 1);
  END IF;
  -- The stakeholders follow the deal's owner; a new deal has none yet, a deleted one drops theirs here.
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)) THEN
    FOR s IN SELECT contact_id FROM deal_stakeholders WHERE deal_id = OLD.id ORDER BY contact_id LOOP
      PERFORM contact_deal_reach_add(OLD.organization_id, OLD.owner_id, s.contact_id, -1);
      IF TG_OP = 'UPDATE' THEN PERFORM contact_deal_reach_add(NEW.organization_id, NEW.owner_id, s.contact_id, 1); END IF;
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_reach" AFTER INSERT OR UPDATE ON "deals" FOR EACH ROW EXECUTE FUNCTION deals_reach_on_change();--> statement-breakpoint
CREATE TRIGGER "deals_reach_delete" BEFORE DELETE ON "deals" FOR EACH ROW EXECUTE FUNCTION deals_reach_on_change();--> statement-breakpoint
CREATE FUNCTION "deal_stakeholders_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deal_id = NEW.deal_id AND OLD.contact_id = NEW.contact_id THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Not found when the deal itself is being deleted: its BEFORE DELETE trigger dropped this reach already.
    SELECT organization_id, owner_id INTO d FROM deals WHERE id = OLD.deal_id;
    IF FOUND THEN PERFORM contact_deal_reach_add(d.organization_id, d.owner_id, OLD.contact_id, -1); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT organization_id, owner_id INTO d FROM deals WHERE id = NEW.deal_id;
    IF FOUND THEN PERFORM contact_deal_reach_add(d.organization_id, d.owner_id, NEW.contact_id, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deal_stakeholders_reach" AFTER INSERT OR UPDATE OR DELETE ON "deal_stakeholders" FOR EACH ROW EXECUTE FUNCTION deal_stakeholders_reach_on_change();--> statement-breakpoint
-- The three tables of one workspace from its records (after a bulk load with triggers off; the backfill below).
CREATE FUNCTION "record_reach_rebuild"(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM record_owner_totals WHERE organization_id = org;
  DELETE FROM company_deal_reach WHERE organization_id = org;
  DELETE FROM contact_deal_reach WHERE organization_id = org;
  INSERT INTO record_owner_totals (organization_id, owner_id, companies, contacts)
  SELECT org, owner_id, sum(companies), sum(contacts) FROM (
    SELECT owner_id, count(*) AS companies, 0 AS contacts FROM companies WHERE organization_id = org GROUP BY owner_id
    UNION ALL
    SELECT owner_id, 0, count(*) FROM contacts WHERE organization_id = org GROUP BY owner_id
  ) x GROUP BY owner_id;
  INSERT INTO company_deal_reach (organization_id, owner_id, company_id, company_owner_id, deals)
  SELECT org, d.owner_id, d.company_id, c.owner_id, count(*) FROM deals d JOIN companies c ON c.id = d.company_id
  WHERE d.organization_id = org AND d.owner_id IS NOT NULL GROUP BY d.owner_id, d.company_id, c.owner_id;
  INSERT INTO contact_deal_reach (organization_id, owner_id, contact_id, contact_owner_id, deals)
  SELECT org, d.owner_id, s.contact_id, k.owner_id, count(*) FROM deal_stakeholders s
  JOIN deals d ON d.id = s.deal_id JOIN contacts k ON k.id = s.contact_id
  WHERE d.organization_id = org AND d.owner_id IS NOT NULL GROUP BY d.owner_id, s.contact_id, k.owner_id;
END
$$;--> statement-breakpoint
SELECT record_reach_rebuild(id) FROM organizations;
