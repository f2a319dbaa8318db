import type { TActivityItem, TActivityPage } from '@pipewise/contract/activity';
import { compareNewestFirst, encodeCursor, type TimelineKey } from '../../db/timeline-page';
import type { Caller } from '../access/access-rules';
import type { RecordingReads } from '../recordings/recording-reads';
import type { MeetingReads } from '../calendar/meeting-reads';
import type { RecordHistoryReads } from '../crm-changes/record-history-reads';
import { cursorOf, toNote, type NotesService } from './notes-service';
import type { RecordRef, RecordVisibility } from './record-ref';

type Keyed = { key: TimelineKey; item: TActivityItem };

/**
 * One record's activity, newest first, a page at a time: its notes and its history; for a deal
 * its recordings (what the spec's deal timeline shows), for a company the recordings of its deals,
 * for a contact the meetings they were invited to. Each source reads one page after the cursor
 * and the merge keeps the newest (db/timeline-page.ts); the caller must see the record (404 otherwise).
 */
export function createActivityService(deps: {
  visibility: RecordVisibility;
  notes: Pick<NotesService, 'forTimeline'>;
  history: Pick<RecordHistoryReads, 'forRecord'>;
  recordings: Pick<RecordingReads, 'forTimeline'>;
  meetings: Pick<MeetingReads, 'attendedBy'>;
}) {
  return {
    async list(caller: Caller, record: RecordRef, cursorText: string | undefined, limit: number): Promise<TActivityPage> {
      const cursor = cursorOf(cursorText);
      const seen = await deps.visibility(caller, record);
      const take = limit + 1;
      const [notes, history, recordings, meetings] = await Promise.all([
        deps.notes.forTimeline(caller, record, cursor, take),
        deps.history.forRecord(caller, record, cursor, take),
        record.type === 'contact'
          ? []
          : deps.recordings.forTimeline(
              caller,
              record.type === 'deal' ? { dealId: Number(record.id) } : { companyId: record.id },
              cursor,
              take,
            ),
        record.type === 'contact' && seen.email ? deps.meetings.attendedBy(caller, seen.email, cursor, take) : [],
      ]);
      const all: Keyed[] = [
        ...notes.map((n) => ({ key: n.key, item: { kind: 'note' as const, id: n.id, at: n.key.at, note: toNote(caller, n) } })),
        ...history.map((h) => ({
          key: h.key,
          item: {
            kind: 'change' as const,
            id: h.key.id,
            at: h.key.at,
            actor: h.actor,
            source: h.source,
            operation: h.operation,
            field: h.field,
            old_value: h.oldValue,
            new_value: h.newValue,
            from_call: h.fromCall ? { recording_id: h.fromCall.recordingId, at: h.fromCall.at } : null,
          },
        })),
        ...recordings.map((r) => ({
          key: r.key,
          item: {
            kind: 'recording' as const,
            id: r.key.id,
            at: r.key.at,
            type: r.type,
            title: r.title,
            description: r.description,
            deal_id: r.dealId,
          },
        })),
        ...meetings.map((m) => ({ key: m.key, item: { kind: 'meeting' as const, id: m.key.id, at: m.key.at, title: m.title } })),
      ].sort((a, b) => compareNewestFirst(a.key, b.key));
      const page = all.slice(0, limit);
      return { data: page.map((k) => k.item), next_cursor: all.length > limit ? encodeCursor(page[page.length - 1]!.key) : null };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
