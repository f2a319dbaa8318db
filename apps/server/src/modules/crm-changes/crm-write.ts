import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { sourceOf, type CrmActor } from './crm-actor';
import { createCrmChangesRepo, type CrmChange } from './crm-changes-repo';

/** What a CRM write hands back: its result, and the change to record with it. */
export type CrmWriteResult<T> = { result: T; change: CrmChange };

/**
 * Names the actor and source of the writes that follow on `tx` until its transaction ends, for
 * the history triggers (migration 0026, `record_history`). Writes on a transaction that names
 * none write no history: the demo seed and the bench data are not changes anyone made.
 */
export async function nameCrmActor(tx: DbOrTx, actor: CrmActor): Promise<void> {
  await execute(
    tx,
    sql`select set_config('pipewise.actor', ${actor.id ?? ''}, true), set_config('pipewise.source', ${sourceOf(actor)}, true),
      set_config('pipewise.source_recording', ${actor.sourceRecordingId ?? ''}, true)`,
  );
}

/** Ends what `nameCrmActor` named, so later writes of an outer transaction are not put on this actor. */
async function forgetCrmActor(tx: DbOrTx): Promise<void> {
  await execute(
    tx,
    sql`select set_config('pipewise.actor', '', true), set_config('pipewise.source', '', true),
      set_config('pipewise.source_recording', '', true)`,
  );
}

/**
 * Runs a CRM write by `actor` and inserts its change record (the crm_changes outbox) in one
 * transaction, so a change is recorded exactly when the write commits; the record's history rows
 * (who, which field, from what to what, and the actor's source) are written by triggers in the
 * same transaction. With `outer` (a caller's transaction) the pair runs in a savepoint inside it
 * and commits or rolls back with it; otherwise in a new transaction. Every read and write of
 * `write` must use the `tx` it is given: on PGlite a query on the database itself would wait for
 * this transaction to end.
 */
export function runCrmWrite<T>(
  db: DbOrTx,
  outer: DbOrTx | undefined,
  actor: CrmActor,
  write: (tx: DbOrTx) => Promise<CrmWriteResult<T>>,
): Promise<T> {
  return (outer ?? db).transaction(async (tx) => {
    await nameCrmActor(tx, actor);
    const { result, change } = await write(tx);
    await createCrmChangesRepo(tx).record(change);
    await forgetCrmActor(tx);
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
