/**
 * Issue 30, item 1: who a recording's participant is. Pure functions, each with a table test
 * (participant-matching.test.ts); the candidates come from the users' and contacts' reads.
 */

export type UserCandidate = { id: string; name: string; email: string };
export type ContactCandidate = { id: string; name: string; email: string | null; company_id: string | null };
export type PersonMatch = { userId: string | null; contactId: string | null };

/** A name as compared: trimmed, inner spaces collapsed, any case. */
export const nameKey = (name: string | null | undefined): string => (name ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
export const emailKey = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

/**
 * A label the speech-to-text server or a file gives when it does not know the name ("Speaker 2",
 * "SPEAKER_01", "Unknown"): kept for mapping on the meeting page, never made a participant.
 */
export function isGenericSpeakerLabel(label: string): boolean {
  return /^(speaker|spk|participant|unknown|guest|voice|person)[\s_#-]*\d*$/i.test(label.trim()) || /^\d+$/.test(label.trim());
}

/** The one candidate whose key is `key`; none when nobody or several have it (a guess costs more than a miss). */
function only<T>(list: T[], keyOf: (t: T) => string, key: string): T | undefined {
  if (!key) return undefined;
  const found = list.filter((t) => keyOf(t) === key);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * A participant matched to a workspace user or a contact: by email (any case), the workspace's
 * users first, then contacts; else by full name, the users first, then the contacts of the deal's
 * company only.
 */
export function matchPerson(
  person: { email?: string | null; name?: string | null },
  users: UserCandidate[],
  contacts: ContactCandidate[],
  dealCompanyId: string | null,
): PersonMatch {
  const email = emailKey(person.email);
  if (email) {
    const user = users.find((u) => emailKey(u.email) === email);
    if (user) return { userId: user.id, contactId: null };
    const contact = contacts.find((c) => emailKey(c.email) === email);
    if (contact) return { userId: null, contactId: contact.id };
  }
  const name = nameKey(person.name);
  if (!name) return { userId: null, contactId: null };
  const user = only(users, (u) => nameKey(u.name), name);
  if (user) return { userId: user.id, contactId: null };
  const ofCompany = dealCompanyId ? contacts.filter((c) => c.company_id === dealCompanyId) : [];
  const contact = only(ofCompany, (c) => nameKey(c.name), name);
  return { userId: null, contactId: contact?.id ?? null };
}

/**
 * The participant a named speaker label is: one whose name is the label, else the one whose first
 * name it is ("Kaveri" for Kaveri Rao), when only one has it.
 */
export function participantForLabel<T extends { name: string | null }>(label: string, participants: T[]): T | undefined {
  const key = nameKey(label);
  const exact = participants.filter((p) => nameKey(p.name) === key);
  if (exact.length > 0) return exact[0];
  const first = participants.filter((p) => nameKey(p.name).split(' ')[0] === key);
  return first.length === 1 ? first[0] : undefined;
}

/** A contact's first and last name from a participant's name, else from their address ("kaveri.rao@x" -> Kaveri Rao). */
export function contactNameOf(name: string | null, email: string): { firstname: string; lastname: string } {
  const words = (name?.trim() || email.split('@')[0]!.replace(/[._+-]+/g, ' '))
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (name ? w : w.charAt(0).toUpperCase() + w.slice(1)));
  const [firstname = email, ...rest] = words;
  return { firstname: firstname.slice(0, 200), lastname: rest.join(' ').slice(0, 200) };
}
