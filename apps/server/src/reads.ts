import type { DbOrTx } from './db/client';
import { createMeetingReads } from './modules/calendar/meeting-reads';
import { createCompanyReads } from './modules/companies/company-reads';
import { createContactReads } from './modules/contacts/contact-reads';
import { createDealReads } from './modules/deals/deal-reads';
import { createDealRecordReads } from './modules/deals/deal-record-reads';
import { createDealSetReads } from './modules/deals/deal-set-reads';
import { createCrmOwnerReads } from './modules/hubspot/crm-owner-reads';
import { createCallWordsReads } from './modules/recordings/call-words';
import { createRecordingReads } from './modules/recordings/recording-reads';
import { createUserReads } from './modules/users/user-reads';

/**
 * Each module's reads for the others (the assistant, the header search): only a table's owner
 * writes SQL against it (wiring.test.ts lists the owners). services.ts builds them once.
 */
export function createReads(db: DbOrTx) {
  return {
    deals: createDealReads(db),
    dealSets: createDealSetReads(db),
    dealRecords: createDealRecordReads(db),
    companies: createCompanyReads(db),
    contacts: createContactReads(db),
    people: createUserReads(db),
    recordings: createRecordingReads(db),
    callWords: createCallWordsReads(db),
    calendar: createMeetingReads(db),
    crmOwners: createCrmOwnerReads(db),
  };
}

export type Reads = ReturnType<typeof createReads>;
