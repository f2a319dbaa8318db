import { and, eq, sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { callSuggestions } from '../../db/schema/call-suggestions';
import type { Proposal } from './suggestion-types';

export type SuggestionRow = typeof callSuggestions.$inferSelect;

/** Fields a call proposes several of: each value is asked once. The others are asked once per recording. */
const LIST_FIELDS = new Set(['competitors', 'pain_points', 'task']);
const keyOf = (p: Proposal) => (LIST_FIELDS.has(p.field) ? `${p.field}:${String(p.value).trim().toLowerCase()}` : p.field);

/** The call_suggestions table, which only this module writes. */
export function createCallSuggestionsRepo(db: DbOrTx) {
  return {
    /**
     * Stores a recording's proposals; one already asked (open, accepted or dismissed) is kept as it
     * is, so reprocessing never brings back what a rep decided.
     */
    async store(recording: { id: string; organizationId: string; dealId: number }, proposals: Proposal[]): Promise<number> {
      if (proposals.length === 0) return 0;
      const rows = await db
        .insert(callSuggestions)
        .values(
          proposals.map((p) => ({
            organizationId: recording.organizationId,
            recordingId: recording.id,
            dealId: recording.dealId,
            field: p.field,
            key: keyOf(p),
            value: String(p.value),
            dueDate: p.date ?? null,
            stageId: p.stageId ?? null,
            quote: p.quote.slice(0, 2000),
            speaker: p.speaker,
            startSeconds: p.startSeconds,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: callSuggestions.id });
      return rows.length;
    },

    /** A recording's suggestions for its deal, in the order they were said. */
    forRecording: (recordingId: string, dealId: number) =>
      db
        .select()
        .from(callSuggestions)
        .where(and(eq(callSuggestions.recordingId, recordingId), eq(callSuggestions.dealId, dealId)))
        .orderBy(callSuggestions.startSeconds, callSuggestions.createdAt),

    async find(recordingId: string, id: string): Promise<SuggestionRow | null> {
      const [row] = await db
        .select()
        .from(callSuggestions)
        .where(and(eq(callSuggestions.recordingId, recordingId), eq(callSuggestions.id, id)));
      return row ?? null;
    },

    /** Marks an open suggestion accepted or dismissed: false when it was no longer open. */
    async decide(id: string, status: 'accepted' | 'dismissed', userId: string, value?: string, dueDate?: string | null): Promise<boolean> {
      const rows = await db
        .update(callSuggestions)
        .set({
          status,
          decidedBy: userId,
          decidedAt: sql`now()`,
          ...(value !== undefined ? { value } : {}),
          ...(dueDate !== undefined ? { dueDate } : {}),
        })
        .where(and(eq(callSuggestions.id, id), eq(callSuggestions.status, 'open')))
        .returning({ id: callSuggestions.id });
      return rows.length === 1;
    },

    /** The open suggestions per recording of a deal (the caller has checked the deal and filters the recordings). */
    async openCounts(dealId: number): Promise<{ recordingId: string; open: number }[]> {
      const rows = await execute<{ recording_id: string; open: number }>(
        db,
        sql`select recording_id, count(*)::int as open from call_suggestions
            where deal_id = ${dealId} and status = 'open' group by recording_id`,
      );
      return rows.map((r) => ({ recordingId: r.recording_id, open: Number(r.open) }));
    },
  };
}

export type CallSuggestionsRepo = ReturnType<typeof createCallSuggestionsRepo>;
