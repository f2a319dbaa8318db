import { localDate } from '../assistant/questions/time-zone';
import { amountOf, closeDateOf, competitorsOf, decisionMakerOf, nextStepOf, painOf, taskOf, type RuleContext } from './field-rules';
import { agreedMeetings, answeredDecisionMaker, contractSentIn, decisionMakerGoesAhead } from './dialogue-rules';
import { stageOf } from './stage-rules';
import type { ExtractionInput, PipelineStage, Proposal, TranscriptSegment } from './suggestion-types';
import { validProposal } from './suggestion-validation';
import { pattern } from './regex-text';
import { saidDate } from './said-values';
import { isPast } from './sentence-kinds';
import { sentencesOf, type Sentence } from './transcript-sentences';

/** At most this many of the fields a call may propose several of. */
const MAX_PAINS = 3;
const MAX_TASKS = 8;

/** Whether a speaker is one of the team's people: by full name, or by a first name only one of them has. */
export function teamMatcher(team: readonly string[]): (speaker: string | null) => boolean {
  const full = new Set(team.map((n) => n.trim().toLowerCase()).filter(Boolean));
  const firsts = new Map<string, number>();
  for (const n of full) firsts.set(n.split(/\s+/)[0]!, (firsts.get(n.split(/\s+/)[0]!) ?? 0) + 1);
  return (speaker) => {
    const s = speaker?.trim().toLowerCase();
    if (!s) return false;
    // A full name must be a team member's; a first name alone ("Rahul") one only one of them has.
    return full.has(s) || (!s.includes(' ') && firsts.get(s) === 1);
  };
}

/** "Dr. Lauren Whitfield: Hi all" inside a cue some files carry: that speaker's words, not the cue's. */
const INLINE_SPEAKER = /^((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+){1,2}):\s+(\S.*)$/u;
function inlineSpeaker(s: TranscriptSegment): TranscriptSegment {
  const m = INLINE_SPEAKER.exec(s.text.trim());
  return m ? { ...s, speaker: m[1]!, text: m[2]! } : s;
}

/** The customer confirming there is money for this: "there is a budget for it", "He has the budget, which is approved". */
const BUDGET_CONFIRMED = pattern('i')`\b(?:there is|there's|we have|we've got|he has|she has|they have)\s+(?:a|the)\s+budget\b|
    \bbudget\s+(?:is|has been|was)\s+(?:approved|allocated|signed off|set aside)\b|\b(?:it's|it is)\s+approved\s+in\s+
    (?:this|our|the)\s+(?:year's\s+)?(?:plan|budget)\b`;

/** A sentence before a pain that belongs to it: a loss or a number ("We lose about three chairs a day"). */
const PAIN_CONTEXT = /\b(?:lose|losing|lost|cost|costs|waste|wastes|miss|missed|late|percent|%|\d+)\b/i;

const from = (s: Sentence) => ({ quote: s.text, speaker: s.speaker, startSeconds: s.startSeconds });

/**
 * The rule-based extractor: the changes a call supports for its deal, each with the sentence it
 * came from, validated against the deal (suggestion-validation.ts). Pure and offline; relative
 * dates are read against the call's date in the uploader's zone.
 */
export function extractSuggestions(input: ExtractionInput): Proposal[] {
  const sentences = sentencesOf(input.segments.map(inlineSpeaker));
  const speakers = [...new Set(sentences.map((s) => s.speaker).filter((s): s is string => !!s))];
  const ctx: RuleContext = { now: input.recordedAt, timeZone: input.timeZone, isTeam: teamMatcher(input.team), speakers };
  const candidates: Proposal[] = [];
  let closeDate: Proposal | null = null;
  let amount: Proposal | null = null;
  let decisionMaker: Proposal | null = null;
  let nextStep: (Proposal & { strong: boolean }) | null = null;
  let stage: { proposal: Proposal; stage: PipelineStage } | null = null;
  const competitors = new Map<string, Proposal>();
  const pains: Proposal[] = [];
  const tasks = new Map<string, Proposal>();

  // A pain sentence with the customer's sentences either side of it: what the problem is and what it costs.
  const painSeqs = new Set<number>();
  const painText = (i: number, first: string) => {
    const s = sentences[i]!;
    const near = (j: number) => {
      const n = sentences[j];
      return n && n.speaker === s.speaker && !painSeqs.has(j) && !/\?\s*$/.test(n.text) && n.text.split(/\s+/).length >= 3 ? n : null;
    };
    const prev = near(i - 1);
    const next = near(i + 1);
    painSeqs.add(i);
    if (next) painSeqs.add(i + 1);
    return [prev && PAIN_CONTEXT.test(prev.text) ? prev.text : '', first, next ? next.text : ''].filter(Boolean).join(' ');
  };
  for (const [index, s] of sentences.entries()) {
    const day = closeDateOf(s, ctx, sentences.slice(Math.max(0, index - 3), index));
    if (day) closeDate = { field: 'close_date', value: day, ...from(s) };
    const rupees = amountOf(s);
    if (rupees !== null) amount = { field: 'amount', value: rupees, ...from(s) };
    const dm = decisionMakerOf(s, ctx);
    if (dm) decisionMaker = { field: 'decision_maker', value: dm, ...from(s) };
    const step = nextStepOf(s, ctx);
    // A dated step outranks an undated one; among equals the later one is what was agreed last.
    if (step && (!nextStep || step.date || !nextStep.date)) {
      nextStep = { field: 'next_step', value: step.text, ...(step.date ? { date: step.date } : {}), ...from(s), strong: step.strong };
    }
    const moved = stageOf(s, input.stages);
    if (moved && (!stage || moved.displayOrder > stage.stage.displayOrder)) {
      stage = { proposal: { field: 'stage', value: moved.label, stageId: moved.stageId, ...from(s) }, stage: moved };
    }
    for (const name of competitorsOf(s, ctx)) {
      if (!competitors.has(name.toLowerCase())) competitors.set(name.toLowerCase(), { field: 'competitors', value: name, ...from(s) });
    }
    const pain = painSeqs.has(index) ? null : painOf(s, ctx);
    if (pain && pains.length < MAX_PAINS) pains.push({ field: 'pain_points', value: painText(index, pain), ...from(s) });
    const task = taskOf(s, ctx);
    if (task && tasks.size < MAX_TASKS && !tasks.has(task.text.toLowerCase())) {
      tasks.set(task.text.toLowerCase(), { field: 'task', value: task.text, ...(task.date ? { date: task.date } : {}), ...from(s) });
    }
  }
  // Across sentences: a meeting one side proposed and the other accepted is the agreed next step; a demo or
  // presentation booked moves the deal to Presentation Scheduled.
  const meetings = agreedMeetings(sentences, ctx);
  const lastMeeting = meetings[meetings.length - 1];
  // Of the dated steps (said in one sentence, agreed across turns), the last one said is what was agreed last.
  const dated = [
    nextStep?.date ? nextStep : null,
    lastMeeting
      ? { field: 'next_step' as const, value: lastMeeting.text, date: lastMeeting.date, ...from(lastMeeting.sentence), strong: true }
      : null,
  ].filter((p): p is Proposal & { strong: boolean } => p !== null);
  const seqOf = (p: Proposal) => sentences.find((x) => x.text === p.quote)?.seq ?? 0;
  if (dated.length) nextStep = dated.reduce((a, b) => (seqOf(b) >= seqOf(a) ? b : a));
  // The day the deal's next step already names is no change ("Demo to broker owners on Nov 24").
  if (nextStep?.date && input.deal.nextsteps && saidDate(input.deal.nextsteps, ctx) === nextStep.date) nextStep = null;
  const propose = (label: string, s: Sentence) => {
    const target = input.stages.find((st) => st.label.toLowerCase() === label.toLowerCase());
    if (target && (!stage || target.displayOrder > stage.stage.displayOrder)) {
      stage = { proposal: { field: 'stage', value: target.label, stageId: target.stageId, ...from(s) }, stage: target };
    }
  };
  const demo = meetings.find((m) => m.isPresentation);
  if (demo) propose('Presentation Scheduled', demo.sentence);
  if (!decisionMaker) {
    const answered = answeredDecisionMaker(sentences, ctx);
    if (answered) decisionMaker = { field: 'decision_maker', value: answered.name, ...from(answered) };
  }
  const deciders = [input.deal.kdm ?? '', typeof decisionMaker?.value === 'string' ? decisionMaker.value : ''];
  const goAhead = decisionMakerGoesAhead(sentences, deciders);
  if (goAhead) propose('Decision Maker Bought-In', goAhead);
  // Budget confirmed by the customer and the decision maker known, no demo booked yet: Qualified To Buy.
  const budget = sentences.find(
    (x) => !ctx.isTeam(x.speaker) && BUDGET_CONFIRMED.test(x.text) && !/\?\s*$/.test(x.text) && !isPast(x.text),
  );
  if (budget && !demo && (input.deal.kdm || decisionMaker)) propose('Qualified To Buy', budget);
  const sent = contractSentIn(sentences, ctx);
  if (sent) propose('Contract Sent', sent);
  if (nextStep) {
    const { strong: _strong, ...step } = nextStep;
    candidates.push(step);
  }
  const moved = stage as { proposal: Proposal } | null;
  candidates.push(
    ...[closeDate, amount, decisionMaker, moved?.proposal ?? null].filter((p): p is Proposal => p !== null),
    ...competitors.values(),
    ...pains,
    ...tasks.values(),
  );
  const callDay = localDate(input.recordedAt, input.timeZone);
  return candidates.map((p) => validProposal(p, input.deal, input.stages, callDay)).filter((p): p is Proposal => p !== null);
}
