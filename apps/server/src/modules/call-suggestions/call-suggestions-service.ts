import type { TDeal, TDealFields } from '@pipewise/contract/deals';
import {
  CALL_SUGGESTION_LABELS,
  type TCallSuggestion,
  type TCallSuggestionAcceptBody,
  type TCallSuggestionDecision,
  type TCallSuggestionsResponse,
  type TDealCallSuggestionsResponse,
} from '@pipewise/contract/call-suggestions';
import type { TTask, TTaskCreateBody } from '@pipewise/contract/tasks';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { assertCan } from '../access/policies';
import { localDate, zoneOrUtc } from '../assistant/questions/time-zone';
import { actingFrom } from '../crm-changes/crm-actor';
import type { DealsService } from '../deals/deals-service';
import type { RecordingReads } from '../recordings/recording-reads';
import type { CallSuggestionsRepo, SuggestionRow } from './call-suggestions-repo';
import { SUGGESTION_MESSAGES } from './call-suggestions-messages';
import { extractSuggestions } from './suggestion-extractor';
import type { DealSnapshot, PipelineStage, Proposal } from './suggestion-types';
import { validProposal } from './suggestion-validation';
import { segmentsFromText } from './transcript-sentences';
import type { ModelProposer } from './model-proposals';

export type CallSuggestionsDeps = {
  db: Database['db'];
  repo: (on: Database['db'] | Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => CallSuggestionsRepo;
  recordings: Pick<RecordingReads, 'callOf' | 'callForExtraction' | 'callsOf'>;
  deals: Pick<DealsService, 'get' | 'update' | 'sendUpdate'>;
  /** The stages of a pipeline in display order, with their kind (open, won, lost). */
  stages(caller: Caller, pipelineId: string): Promise<PipelineStage[]>;
  /** The uploader as a caller (the job reads the deal as they see it), or null when they are gone. */
  callerOf(organizationId: string, userId: string): Promise<Caller | null>;
  tasks: { create(caller: Caller, body: TTaskCreateBody): Promise<TTask> };
  /** The model path with LLM_*: proposals through a JSON schema, then the same validation. */
  model?: ModelProposer;
};

const APPEND = new Set(['pain_points', 'competitors']);

const snapshotOf = (d: TDeal): DealSnapshot => ({
  dealname: d.dealname,
  stageId: d.dealstage,
  amount: d.amount === null ? null : Number(d.amount),
  closedate: d.closedate,
  nextsteps: d.nextsteps,
  painpoints: d.painpoints,
  kdm: d.kdm,
  competitors: d.competitors ?? [],
});

/** The deal's current value of a suggestion's field, as text. */
function currentOf(field: SuggestionRow['field'], d: TDeal): string | null {
  switch (field) {
    case 'next_step':
      return d.nextsteps;
    case 'close_date':
      return d.closedate;
    case 'amount':
      return d.amount;
    case 'pain_points':
      return d.painpoints;
    case 'decision_maker':
      return d.kdm;
    case 'competitors':
      return d.competitors?.length ? d.competitors.join(', ') : null;
    case 'stage':
      return d.dealstage_label;
    default:
      return null;
  }
}

function toSuggestion(r: SuggestionRow, deal: TDeal): TCallSuggestion {
  return {
    id: r.id,
    recording_id: r.recordingId,
    deal_id: r.dealId,
    field: r.field,
    label: CALL_SUGGESTION_LABELS[r.field],
    value: r.value,
    date: r.dueDate,
    current: currentOf(r.field, deal) || null,
    mode: r.field === 'task' ? 'task' : APPEND.has(r.field) ? 'append' : 'replace',
    quote: r.quote,
    speaker: r.speaker,
    start_seconds: r.startSeconds,
    status: r.status,
  };
}

/**
 * Suggested CRM updates from calls: the job's extraction, and the meeting page's list, accept and
 * dismiss. A caller sees a recording's suggestions only when they see the recording and its deal
 * (404 otherwise); accepting writes through the deals service as a deal-screen edit does (same
 * validation, version check, HubSpot first), from the source `call_suggestion` and the recording.
 */
export function createCallSuggestionsService(deps: CallSuggestionsDeps) {
  const repo = deps.repo(deps.db);

  /** The recording and its deal as the caller sees them, else 404. */
  async function visible(caller: Caller, recordingId: string) {
    const call = await deps.recordings.callOf(caller, recordingId);
    if (!call) throw notFound(SUGGESTION_MESSAGES.recordingNotFound);
    if (call.dealId === null) return { call, deal: null };
    const deal = await deps.deals.get(caller, call.dealId).catch((e: unknown) => {
      if ((e as { statusCode?: number }).statusCode === 404) return null;
      throw e;
    });
    return { call, deal };
  }

  /** What accepting sets on the deal: the field's new value (added to a list or text for pain points and competitors). */
  function fieldsFor(row: SuggestionRow, value: string, deal: TDeal, stages: PipelineStage[]): TDealFields {
    switch (row.field) {
      case 'next_step':
        return { nextsteps: value };
      case 'close_date':
        return { closedate: value };
      case 'amount':
        return { amount: value.replace(/[₹,\s]/g, '') };
      case 'pain_points':
        return { painpoints: deal.painpoints?.trim() ? `${deal.painpoints.trim()}\n${value}` : value };
      case 'decision_maker':
        return { kdm: value };
      case 'competitors':
        return { competitors: [...(deal.competitors ?? []), value] };
      case 'stage': {
        const current = stages.find((s) => s.stageId === deal.dealstage);
        const target = stages.find((s) => s.label.toLowerCase() === value.toLowerCase() || s.stageId === value);
        // The same rule as the proposal: forward, to an open stage of the deal's pipeline.
        if (!target || !current || target.kind !== 'open' || target.displayOrder <= current.displayOrder) {
          throw badRequest(SUGGESTION_MESSAGES.stageNotForward);
        }
        return { dealstage: target.stageId };
      }
      default:
        return {};
    }
  }

  return {
    /** The job: a ready recording's suggestions, stored once; returns how many new ones. */
    async extract(recordingId: string): Promise<number> {
      const call = await deps.recordings.callForExtraction(recordingId);
      if (!call || call.dealId === null || !call.uploadedBy) return 0;
      const uploader = await deps.callerOf(call.organizationId, call.uploadedBy);
      if (!uploader) return 0;
      const deal = await deps.deals.get(uploader, call.dealId).catch(() => null);
      if (!deal) return 0;
      const stages = await deps.stages(uploader, deal.pipeline);
      const segments = call.segments.length ? call.segments : segmentsFromText(call.transcription ?? '');
      if (segments.length === 0) return 0;
      const input = {
        segments,
        deal: snapshotOf(deal),
        stages,
        recordedAt: new Date(call.at),
        timeZone: zoneOrUtc(call.timeZone ?? undefined),
        team: call.team,
      };
      let proposals: Proposal[] = extractSuggestions(input);
      if (deps.model) {
        const proposed = await deps.model.propose(input).catch(() => null);
        if (proposed) proposals = proposed;
      }
      // The call's own day where the uploader is: a close date or a due day before it is not a proposal.
      const callDay = localDate(input.recordedAt, input.timeZone);
      const valid = proposals.map((p) => validProposal(p, input.deal, stages, callDay)).filter((p): p is Proposal => p !== null);
      return repo.store({ id: call.id, organizationId: call.organizationId, dealId: call.dealId }, valid);
    },

    /** GET /api/videos/{id}/suggestions */
    async list(caller: Caller, recordingId: string): Promise<TCallSuggestionsResponse> {
      const { call, deal } = await visible(caller, recordingId);
      if (!deal) return { data: [], deal: null, call_at: call.at };
      const rows = await repo.forRecording(recordingId, deal.deal_id === undefined ? 0 : Number(deal.deal_id));
      return {
        data: rows.map((r) => toSuggestion(r, deal)),
        deal: { id: Number(deal.deal_id), name: deal.dealname, version: deal.version },
        call_at: call.at,
      };
    },

    /** POST /api/videos/{id}/suggestions/{sid}/accept: the deal edit (or the task), then the suggestion is accepted. */
    async accept(caller: Caller, recordingId: string, id: string, body: TCallSuggestionAcceptBody): Promise<TCallSuggestionDecision> {
      const { deal } = await visible(caller, recordingId);
      const row = deal ? await repo.find(recordingId, id) : null;
      if (!deal || !row || row.dealId !== Number(deal.deal_id)) throw notFound(SUGGESTION_MESSAGES.notFound);
      assertCan(caller, 'deal.edit', { seen: true });
      if (row.status !== 'open') throw conflict(SUGGESTION_MESSAGES.alreadyDecided);
      if (body.version !== undefined && body.version !== deal.version) throw conflict(SUGGESTION_MESSAGES.dealChanged);
      const value = body.value ?? row.value;
      const date = body.date !== undefined ? body.date : row.dueDate;
      const actor = actingFrom(caller, 'call_suggestion', recordingId);
      let version: number | null = deal.version;
      if (row.field !== 'task') {
        const stages = row.field === 'stage' ? await deps.stages(caller, deal.pipeline) : [];
        const fields = fieldsFor(row, value, deal, stages);
        // The deal screen's path: validated as an edit, HubSpot first; a refusal there changes nothing here.
        const updated = await deps.deals.update(actor, Number(deal.deal_id), fields, body.version ?? deal.version);
        version = updated.version;
      }
      let taskId: string | null = null;
      if (row.field === 'task' || (row.field === 'next_step' && date)) {
        const task = await deps.tasks.create(caller, {
          title: value.slice(0, 200),
          due_date: date ?? null,
          record_type: 'deal',
          record_id: String(deal.deal_id),
          assignee_id: row.field === 'next_step' ? (deal.owner_id ?? caller.id) : caller.id,
        });
        taskId = task.id;
      }
      if (!(await repo.decide(id, 'accepted', caller.id, value, date))) throw conflict(SUGGESTION_MESSAGES.alreadyDecided);
      const after = (await repo.find(recordingId, id))!;
      const dealNow = row.field === 'task' ? deal : await deps.deals.get(caller, Number(deal.deal_id));
      return { suggestion: toSuggestion(after, dealNow), deal_version: version, task_id: taskId };
    },

    /** POST /api/videos/{id}/suggestions/{sid}/dismiss: never asked again for this recording. */
    async dismiss(caller: Caller, recordingId: string, id: string): Promise<TCallSuggestionDecision> {
      const { deal } = await visible(caller, recordingId);
      const row = deal ? await repo.find(recordingId, id) : null;
      if (!deal || !row || row.dealId !== Number(deal.deal_id)) throw notFound(SUGGESTION_MESSAGES.notFound);
      assertCan(caller, 'deal.edit', { seen: true });
      if (row.status === 'open') await repo.decide(id, 'dismissed', caller.id);
      const after = (await repo.find(recordingId, id))!;
      return { suggestion: toSuggestion(after, deal), deal_version: deal.version, task_id: null };
    },

    /** GET /api/deals/{id}/call-suggestions: the deal's open suggestions per call the caller sees. */
    async forDeal(caller: Caller, dealId: number): Promise<TDealCallSuggestionsResponse> {
      await deps.deals.get(caller, dealId);
      const counts = await repo.openCounts(dealId);
      const calls = await deps.recordings.callsOf(
        caller,
        counts.map((c) => c.recordingId),
      );
      const byId = new Map(calls.map((c) => [c.id, c]));
      return {
        data: counts
          .filter((c) => byId.has(c.recordingId) && byId.get(c.recordingId)!.dealId === dealId)
          .map((c) => ({
            recording_id: c.recordingId,
            title: byId.get(c.recordingId)!.title,
            at: byId.get(c.recordingId)!.at,
            open: c.open,
          }))
          .sort((a, b) => b.at.localeCompare(a.at)),
      };
    },
  };
}

export type CallSuggestionsService = ReturnType<typeof createCallSuggestionsService>;
