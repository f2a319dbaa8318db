/**
 * Whether the deal's decision maker (deals.kdm, a name as typed) was on a call: a participant or
 * attendee with the same name (case, accents, punctuation and a trailing "(CFO)" aside), or one of
 * the deal's contacts with that name, found on a call by contact id or email.
 */
export type Attendance = { name: string | null; email: string | null; contactId?: string | null; at: Date };
export type DealContact = { id: string; name: string; email: string | null };

/** "Anita Rao (CFO)" and "anita  rao" both read "anita rao". */
export function personKey(name: string): string {
  return name
    .replace(/\(.*?\)/g, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.]+/gu, ' ')
    .trim();
}

/** When the decision maker `kdm` was first seen on a call among `attendances`, or null. */
export function decisionMakerSeenAt(kdm: string | null, contacts: DealContact[], attendances: Attendance[]): Date | null {
  const key = kdm ? personKey(kdm) : '';
  if (!key) return null;
  const asContacts = contacts.filter((c) => personKey(c.name) === key);
  const ids = new Set(asContacts.map((c) => c.id));
  const emails = new Set(asContacts.flatMap((c) => (c.email ? [c.email.toLowerCase()] : [])));
  // A decision maker typed as an email address is matched by it too.
  if (key.includes('@')) emails.add(key);
  const seen = attendances.filter(
    (a) =>
      (a.name !== null && personKey(a.name) === key) ||
      (a.contactId != null && ids.has(a.contactId)) ||
      (a.email !== null && emails.has(a.email.toLowerCase())),
  );
  if (seen.length === 0) return null;
  return seen.reduce((latest, a) => (a.at > latest ? a.at : latest), seen[0]!.at);
}
