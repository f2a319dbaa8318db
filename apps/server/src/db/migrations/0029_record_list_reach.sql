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
-- A workspace being deleted gets no writes here (its cascade changes records after the workspace row is gone,
-- and the foreign key would refuse them); its rows go with it.
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
  INSERT INTO record_owner_totals AS t (organization_id, owner_id, companies, contacts)
  SELECT org, owner, dcompanies, dcontacts WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = org)
  ON CONFLICT ON CONSTRAINT record_owner_totals_key DO UPDATE
    SET companies = t.companies + excluded.companies, contacts = t.contacts + excluded.contacts;
$$;--> statement-breakpoint
-- A reach row keeps a copy of its record's owner. A writer adding reach rows reads that owner under
-- a shared advisory lock on the record (29: a company, 30: a contact); a change of the owner takes it
-- exclusively before copying the new owner onto the reach rows. So either the adder waits and reads
-- the new owner, or the owner change waits and then sees the adder's rows: no stale copy either way.
-- Only owner changes and reach writes on the same record wait for each other (edits of other fields
-- do not), and each statement after the lock reads with a fresh snapshot.
CREATE FUNCTION "company_deal_reach_inc"(org uuid, owner uuid, company uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(29, hashtext(company::text)) WHERE owner IS NOT NULL AND company IS NOT NULL;
  INSERT INTO company_deal_reach AS r (organization_id, owner_id, company_id, company_owner_id, deals)
  SELECT org, owner, company, (SELECT c.owner_id FROM companies c WHERE c.id = company), 1
  WHERE owner IS NOT NULL AND company IS NOT NULL AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = org)
  ON CONFLICT ON CONSTRAINT company_deal_reach_pkey DO UPDATE SET deals = r.deals + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "company_deal_reach_dec"(org uuid, owner uuid, company uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE company_deal_reach SET deals = deals - 1
  WHERE organization_id = org AND owner_id = owner AND company_id = company AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = org);
  DELETE FROM company_deal_reach WHERE organization_id = org AND owner_id = owner AND company_id = company AND deals <= 0;
$$;--> statement-breakpoint
CREATE FUNCTION "contact_deal_reach_inc"(org uuid, owner uuid, contact uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(30, hashtext(contact::text)) WHERE owner IS NOT NULL AND contact IS NOT NULL;
  INSERT INTO contact_deal_reach AS r (organization_id, owner_id, contact_id, contact_owner_id, deals)
  SELECT org, owner, contact, (SELECT k.owner_id FROM contacts k WHERE k.id = contact), 1
  WHERE owner IS NOT NULL AND contact IS NOT NULL AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = org)
  ON CONFLICT ON CONSTRAINT contact_deal_reach_pkey DO UPDATE SET deals = r.deals + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "contact_deal_reach_dec"(org uuid, owner uuid, contact uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE contact_deal_reach SET deals = deals - 1
  WHERE organization_id = org AND owner_id = owner AND contact_id = contact AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = org);
  DELETE FROM contact_deal_reach WHERE organization_id = org AND owner_id = owner AND contact_id = contact AND deals <= 0;
$$;--> statement-breakpoint
-- A record's new owner, copied onto its reach rows (under the record's exclusive advisory lock, above).
CREATE FUNCTION "company_deal_reach_owner"(company uuid, owner uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(29, hashtext(company::text));
  UPDATE company_deal_reach r SET company_owner_id = owner WHERE r.company_id = company
    AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id);
$$;--> statement-breakpoint
CREATE FUNCTION "contact_deal_reach_owner"(contact uuid, owner uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(30, hashtext(contact::text));
  UPDATE contact_deal_reach r SET contact_owner_id = owner WHERE r.contact_id = contact
    AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id);
$$;--> statement-breakpoint
-- A deal's stakeholders leave its owner's reach (deal deleted, or given to someone else) or enter the new owner's.
CREATE FUNCTION "contact_deal_reach_drop_deal"(deal bigint, org uuid, owner uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE contact_deal_reach r SET deals = r.deals - 1 FROM deal_stakeholders s
  WHERE s.deal_id = deal AND r.organization_id = org AND r.owner_id = owner AND r.contact_id = s.contact_id AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = org);
  DELETE FROM contact_deal_reach r USING deal_stakeholders s
  WHERE s.deal_id = deal AND r.organization_id = org AND r.owner_id = owner AND r.contact_id = s.contact_id AND r.deals <= 0;
$$;--> statement-breakpoint
CREATE FUNCTION "contact_deal_reach_add_deal"(deal bigint, org uuid, owner uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(30, hashtext(s.contact_id::text)) FROM deal_stakeholders s
  WHERE s.deal_id = deal AND owner IS NOT NULL ORDER BY s.contact_id;
  INSERT INTO contact_deal_reach AS r (organization_id, owner_id, contact_id, contact_owner_id, deals)
  SELECT org, owner, k.id, k.owner_id, 1 FROM deal_stakeholders s JOIN contacts k ON k.id = s.contact_id
  WHERE s.deal_id = deal AND owner IS NOT NULL AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = org)
  ON CONFLICT ON CONSTRAINT contact_deal_reach_pkey DO UPDATE SET deals = r.deals + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "companies_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
      PERFORM record_owner_totals_add(OLD.organization_id, OLD.owner_id, -1, 0);
      PERFORM record_owner_totals_add(NEW.organization_id, NEW.owner_id, 1, 0);
      PERFORM company_deal_reach_owner(NEW.id, NEW.owner_id);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM record_owner_totals_add(NEW.organization_id, NEW.owner_id, 1, 0);
  ELSE
    PERFORM record_owner_totals_add(OLD.organization_id, OLD.owner_id, -1, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_reach" AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION companies_reach_on_change();--> statement-breakpoint
CREATE FUNCTION "contacts_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
      PERFORM record_owner_totals_add(OLD.organization_id, OLD.owner_id, 0, -1);
      PERFORM record_owner_totals_add(NEW.organization_id, NEW.owner_id, 0, 1);
      PERFORM contact_deal_reach_owner(NEW.id, NEW.owner_id);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM record_owner_totals_add(NEW.organization_id, NEW.owner_id, 0, 1);
  ELSE
    PERFORM record_owner_totals_add(OLD.organization_id, OLD.owner_id, 0, -1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_reach" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION contacts_reach_on_change();--> statement-breakpoint
-- Deals: AFTER INSERT or UPDATE; BEFORE DELETE (its stakeholders are still there to drop from the owner's reach).
-- A new deal has no stakeholders yet.
CREATE FUNCTION "deals_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
        OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
      PERFORM company_deal_reach_dec(OLD.organization_id, OLD.owner_id, OLD.company_id);
      PERFORM company_deal_reach_inc(NEW.organization_id, NEW.owner_id, NEW.company_id);
    END IF;
    IF OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
      PERFORM contact_deal_reach_drop_deal(OLD.id, OLD.organization_id, OLD.owner_id);
      PERFORM contact_deal_reach_add_deal(NEW.id, NEW.organization_id, NEW.owner_id);
    END IF;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM company_deal_reach_inc(NEW.organization_id, NEW.owner_id, NEW.company_id);
    RETURN NULL;
  END IF;
  PERFORM company_deal_reach_dec(OLD.organization_id, OLD.owner_id, OLD.company_id);
  PERFORM contact_deal_reach_drop_deal(OLD.id, OLD.organization_id, OLD.owner_id);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_reach" AFTER INSERT OR UPDATE ON "deals" FOR EACH ROW EXECUTE FUNCTION deals_reach_on_change();--> statement-breakpoint
CREATE TRIGGER "deals_reach_delete" BEFORE DELETE ON "deals" FOR EACH ROW EXECUTE FUNCTION deals_reach_on_change();--> statement-breakpoint
-- Stakeholders: the deal's owner reaches the contact. When the deal itself is being deleted, it is no
-- longer found here (its BEFORE DELETE trigger dropped this reach already).
CREATE FUNCTION "deal_stakeholders_reach_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.deal_id IS DISTINCT FROM NEW.deal_id OR OLD.contact_id IS DISTINCT FROM NEW.contact_id THEN
      PERFORM contact_deal_reach_dec(d.organization_id, d.owner_id, OLD.contact_id) FROM deals d WHERE d.id = OLD.deal_id;
      PERFORM contact_deal_reach_inc(d.organization_id, d.owner_id, NEW.contact_id) FROM deals d WHERE d.id = NEW.deal_id;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM contact_deal_reach_inc(d.organization_id, d.owner_id, NEW.contact_id) FROM deals d WHERE d.id = NEW.deal_id;
  ELSE
    PERFORM contact_deal_reach_dec(d.organization_id, d.owner_id, OLD.contact_id) FROM deals d WHERE d.id = OLD.deal_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deal_stakeholders_reach" AFTER INSERT OR UPDATE OR DELETE ON "deal_stakeholders" FOR EACH ROW EXECUTE FUNCTION deal_stakeholders_reach_on_change();--> statement-breakpoint
-- The three tables of one workspace from its records (after a bulk load with triggers off; the backfill below).
CREATE FUNCTION "record_reach_rebuild"(org uuid) RETURNS void LANGUAGE sql AS $$
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
$$;--> statement-breakpoint
SELECT record_reach_rebuild(id) FROM organizations;
