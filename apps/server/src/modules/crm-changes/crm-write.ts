import type { DbOrTx } from '../../db/client';
import { createCrmChangesRepo, type CrmChange } from './crm-changes-repo';

/** What a CRM write hands back: its result, and the change to record with it. */
export type CrmWriteResult<T> = { result: T; change: CrmChange };

/**
 * Runs a CRM write and inserts its change record (the crm_changes outbox) in one transaction, so
 * a change is recorded exactly when the write commits. With `outer` (a caller's transaction) the
 * pair runs in a savepoint inside it and commits or rolls back with it; otherwise in a new
 * transaction. Every read and write of `write` must use the `tx` it is given: on PGlite a query
 * on the database itself would wait for this transaction to end.
 */
export function runCrmWrite<T>(db: DbOrTx, outer: DbOrTx | undefined, write: (tx: DbOrTx) => Promise<CrmWriteResult<T>>): Promise<T> {
  return (outer ?? db).transaction(async (tx) => {
    const { result, change } = await write(tx);
    await createCrmChangesRepo(tx).record(change);
    return result;
  });
}

/**
 * `runCrmWrite` for a write that changes many records at once (a removed stage's deals moved to
 * another): each gets its change record, all in the write's transaction.
 */
export function runCrmWrites<T>(
  db: DbOrTx,
  outer: DbOrTx | undefined,
  write: (tx: DbOrTx) => Promise<{ result: T; changes: CrmChange[] }>,
): Promise<T> {
  return (outer ?? db).transaction(async (tx) => {
    const { result, changes } = await write(tx);
    const repo = createCrmChangesRepo(tx);
    for (const change of changes) await repo.record(change);
    return result;
  });
}
