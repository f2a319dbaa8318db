-- A note belongs to its deal, company or contact (notes.record_type, record_id: one table for three, so no
-- foreign key can cascade): deleting the record deletes its notes in the same statement, as tasks go with
-- their record by their foreign keys. Its history stays (record_history keeps who deleted it, and when).
CREATE OR REPLACE FUNCTION notes_of_deleted_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notes n USING old_rows o
  WHERE n.organization_id = o.organization_id AND n.record_type = TG_ARGV[0] AND n.record_id = o.id::text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_notes_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_of_deleted_records('deal');--> statement-breakpoint
CREATE TRIGGER "companies_notes_delete" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_of_deleted_records('company');--> statement-breakpoint
CREATE TRIGGER "contacts_notes_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_of_deleted_records('contact');--> statement-breakpoint
-- Notes already left behind by a deleted record.
DELETE FROM notes n WHERE NOT EXISTS (
  SELECT 1 FROM deals d WHERE n.record_type = 'deal' AND d.id::text = n.record_id
  UNION ALL SELECT 1 FROM companies c WHERE n.record_type = 'company' AND c.id::text = n.record_id
  UNION ALL SELECT 1 FROM contacts k WHERE n.record_type = 'contact' AND k.id::text = n.record_id);
