import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../db/client';

/**
 * The demo recordings' attendees as their participants (issue 30): the same copy migration 0033 made
 * of the recordings that existed then, for the workspace just seeded, matched to a user, else a contact, by email.
 */
export async function seedRecordingParticipants(db: DbOrTx, organizationId: string): Promise<void> {
  await execute(
    db,
    sql`insert into recording_participants
      (organization_id, recording_id, name, email, user_id, contact_id, response_status, organizer, source, created_at)
    select r.organization_id, r.id, nullif(btrim(e.a->>'displayName'), ''), lower(btrim(e.a->>'email')), u.id,
      case when u.id is null then (
        select c.id from contacts c
        where c.organization_id = r.organization_id and lower(c.email) = lower(btrim(e.a->>'email'))
        order by c.created_at, c.id limit 1) end,
      case when e.a->>'responseStatus' in ('accepted', 'declined', 'needsAction', 'tentative') then e.a->>'responseStatus' end,
      coalesce(e.a->'organizer' = 'true'::jsonb, false),
      'call',
      -- In the attendees' order: the participants are listed by when they were added.
      r.created_at + make_interval(secs => e.n / 1000.0)
    from recordings r
    cross join lateral jsonb_array_elements(r.meet_attendees) with ordinality as e(a, n)
    left join users u on u.organization_id = r.organization_id and lower(u.email) = lower(btrim(e.a->>'email'))
    where r.organization_id = ${organizationId} and coalesce(btrim(e.a->>'email'), '') <> ''
    on conflict (recording_id, lower(email)) where email is not null do nothing`,
  );
}
