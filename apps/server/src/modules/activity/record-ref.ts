import type { TRecordRef, TRecordType } from '@pipewise/contract/notes';
import type { Caller } from '../access/access-rules';

/** A deal, company or contact a note, a change or a timeline is about. */
export type RecordRef = { type: TRecordType; id: string };

export const recordRefOf = (q: TRecordRef): RecordRef => ({ type: q.record_type, id: q.record_id });

/** What the activity needs of a record the caller sees (a contact's email finds their meetings). */
export type SeenRecord = RecordRef & { email?: string | null };

/**
 * Whether the caller sees the record: the record as seen, or a 404 with the record's own message
 * (deals: the deals scope; companies and contacts: decision 13, through their services' reads).
 */
export type RecordVisibility = (caller: Caller, record: RecordRef) => Promise<SeenRecord>;
