-- Pipelines become the workspace's own to shape (Settings > Pipelines, issue 29): a pipeline can be
-- archived (its deals stay readable, it leaves the stage lists, filters and New Deal choices), and
-- its updated_at moves on every change to it or its stages, so the assistant's name index and the
-- web's caches (keyed on the workspace version) see a rename on the next request.
ALTER TABLE "pipelines" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A HubSpot owner's user id (the owners API's userId, beside the owner id in external_id): the profile's
-- hubspot_data.user_id for the Pipewise user the owner is.
ALTER TABLE "crm_owners" ADD COLUMN "external_user_id" text;--> statement-breakpoint
-- A workspace made before this had no pipeline unless the demo seed or HubSpot gave it one, and could
-- hold no deal. Each such workspace gets the pipeline a new one gets (create-workspace.ts): HubSpot's
-- default stages and probabilities.
WITH bare AS (
  INSERT INTO "pipelines" ("organization_id", "label", "display_order")
  SELECT o.id, 'Sales Pipeline', 0 FROM "organizations" o
  WHERE NOT EXISTS (SELECT 1 FROM "pipelines" p WHERE p.organization_id = o.id)
  RETURNING id
)
INSERT INTO "pipeline_stages" ("pipeline_id", "label", "display_order", "probability", "is_closed", "is_won")
SELECT bare.id, s.label, s.display_order, s.probability, s.is_closed, s.is_won
FROM bare CROSS JOIN (VALUES
  ('Appointment Scheduled', 0, 20, false, false),
  ('Qualified To Buy', 1, 40, false, false),
  ('Presentation Scheduled', 2, 60, false, false),
  ('Decision Maker Bought-In', 3, 80, false, false),
  ('Contract Sent', 4, 90, false, false),
  ('Closed Won', 5, 100, true, true),
  ('Closed Lost', 6, 0, true, false)
) AS s(label, display_order, probability, is_closed, is_won);
