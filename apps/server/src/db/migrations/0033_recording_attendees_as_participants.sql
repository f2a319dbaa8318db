-- Issue 30, item 1: a recording's attendees are its participants now. The attendees recordings already hold
-- (meet_attendees, which the demo seed fills) become participants, matched to a workspace user, else a contact,
-- by email (any case); one row per address. meet_attendees is no longer read: the videos answers build it from these.
INSERT INTO "recording_participants"
  ("organization_id", "recording_id", "name", "email", "user_id", "contact_id", "response_status", "organizer", "source", "created_at")
SELECT r.organization_id, r.id, nullif(btrim(e.a->>'displayName'), ''), lower(btrim(e.a->>'email')), u.id,
  CASE WHEN u.id IS NULL THEN (
    SELECT c.id FROM contacts c
    WHERE c.organization_id = r.organization_id AND lower(c.email) = lower(btrim(e.a->>'email'))
    ORDER BY c.created_at, c.id LIMIT 1) END,
  CASE WHEN e.a->>'responseStatus' IN ('accepted', 'declined', 'needsAction', 'tentative') THEN e.a->>'responseStatus' END,
  coalesce(e.a->'organizer' = 'true'::jsonb, false),
  'call',
  -- In the attendees' order: the participants are listed by when they were added.
  r.created_at + make_interval(secs => e.n / 1000.0)
FROM recordings r
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.meet_attendees) = 'array' THEN r.meet_attendees ELSE '[]'::jsonb END)
  WITH ORDINALITY AS e(a, n)
LEFT JOIN users u ON u.organization_id = r.organization_id AND lower(u.email) = lower(btrim(e.a->>'email'))
WHERE jsonb_typeof(e.a) = 'object' AND coalesce(btrim(e.a->>'email'), '') <> ''
ON CONFLICT ("recording_id", lower("email")) WHERE "email" IS NOT NULL DO NOTHING;
