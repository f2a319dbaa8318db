-- Issue 30, item 1: a recording's attendees are its participants now. The attendees recordings already hold
-- (meet_attendees, which the demo seed fills) become participants, matched to a workspace user, else a contact,
-- by email (any case); one row per address. meet_attendees is no longer read: the videos answers build it from these.
INSERT INTO "recording_participants"
  ("organization_id", "recording_id", "name", "email", "user_id", "contact_id", "response_status", "organizer", "source")
SELECT r.organization_id, r.id, nullif(btrim(a->>'displayName'), ''), lower(btrim(a->>'email')), u.id,
  CASE WHEN u.id IS NULL THEN (
    SELECT c.id FROM contacts c
    WHERE c.organization_id = r.organization_id AND lower(c.email) = lower(btrim(a->>'email'))
    ORDER BY c.created_at, c.id LIMIT 1) END,
  CASE WHEN a->>'responseStatus' IN ('accepted', 'declined', 'needsAction', 'tentative') THEN a->>'responseStatus' END,
  coalesce(a->'organizer' = 'true'::jsonb, false),
  'call'
FROM recordings r
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.meet_attendees) = 'array' THEN r.meet_attendees ELSE '[]'::jsonb END) a
LEFT JOIN users u ON u.organization_id = r.organization_id AND lower(u.email) = lower(btrim(a->>'email'))
WHERE jsonb_typeof(a) = 'object' AND coalesce(btrim(a->>'email'), '') <> ''
ON CONFLICT ("recording_id", lower("email")) WHERE "email" IS NOT NULL DO NOTHING;
