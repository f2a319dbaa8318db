import type { DealSetReads } from '../../deals/deal-set-reads';

/** The deal sets the answers read: the deals module's reads (modules/deals/deal-set-reads.ts), built in services.ts. */
export type { DealLine, DealSet, DealSetQuery } from '../../deals/deal-set-reads';
export { toLine } from '../../deals/deal-set-reads';
export type DealSetRepo = DealSetReads;
