import { saidDate } from './said-values';
import { cleanStatement, isDenial, isHypothetical, isPast, isQuestion } from './sentence-kinds';
import type { RuleContext } from './field-rules';
import type { Sentence } from './transcript-sentences';
import { pattern } from './regex-text';

/**
 * Rules that read more than one sentence: what one side proposes and the other accepts ("Would a
 * demo next Thursday work?" — "Next Thursday works."), a question answered ("Who decides?" —
 * "Our founder, Sunil Menon."), a contract sent while the customer watches it arrive. Each looks
 * at a few sentences around the one that settles it, and never further.
 */

/** How many sentences before an acceptance may hold what is accepted. */
const WINDOW = 4;

/** A joint meeting by its noun: the thing a next step is. */
const MEETING_NOUN = pattern('i')`\b(?:demo|presentation|present(?:ing)?|call|meeting|session|workshop|deep[- ]?dive|
    walk[- ]?through|review|kick-?off|site visit|visit|pilot|trial|onboarding|training|sync|check[- ]?in)\b`;
/** The noun phrase of a meeting, as a next step's text: "a requirements workshop with the counsellor leads". */
const MEETING_PHRASE = pattern('i')`(?:\b(?:[\w-]+\s+){0,2})?(?:demo|presentation|call|meeting|session|workshop|
    deep[- ]?dive|walk[- ]?through|review|kick-?off|site visit|visit|pilot|trial|training)(?:\s+(?:with|for|to|at|in)\s+
    (?:the\s+|your\s+|our\s+)?[\w-]+(?:\s+(?!on\b|at\b|in\b|next\b|this\b|and\b|so\b|to\b)[\w-]+){0,2})?`;
/** What goes before a meeting noun but is not part of its name. */
const PHRASE_LEAD =
  /^(?:(?:would|could|can|shall|should|we|you|i|let's|let|us|it|make|sense|to|run|do|set|up|have|a|an|the|our|your|a short|short)\s+)+/i;
/** "Next Thursday works", "The 24th works, they are all in Hyderabad", "Yes, the 27th is fine", "Monday is good". */
const ACCEPT = pattern('i')`^(?:(?:yes|yeah|great|perfect|okay|ok|sure)[,.]?\s+)?(?:the\s+)?[\w\s,-]{1,40}?\s+(?:works|would work|
    is fine|is good|suits (?:us|me)|is perfect)\b|^[\w\s-]{3,30},\s+(?:perfect|great|confirmed)\b|^that's\s+[\w\s-]{3,30}[.!]?$`;
/** A deadline for a piece of work ("by Friday"), not a meeting. */
const DEADLINE = /\b(?:by|before)\s+(?:this\s+|next\s+)?\w+/i;
const SENDING = /\b(?:send|sending|share|sharing|email|forward|prepare)\b/i;

const BARE = { bareOrdinals: true };

export type AgreedMeeting = { text: string; date: string; sentence: Sentence; isPresentation: boolean };

/** The meetings agreed in the call: a meeting proposed, a day for it accepted by the other side. The last one is the next step. */
export function agreedMeetings(sentences: readonly Sentence[], ctx: RuleContext): AgreedMeeting[] {
  const out: AgreedMeeting[] = [];
  sentences.forEach((s, i) => {
    if (!ACCEPT.test(s.text) || isQuestion(s.text) || isDenial(s.text) || isPast(s.text)) return;
    const date = saidDate(s.text, ctx, BARE);
    if (!date) return;
    // "The 24th works." — "The 24th, great.": one meeting, accepted once and confirmed.
    if (out.some((m) => m.date === date && s.seq - m.sentence.seq <= WINDOW)) return;
    const before = sentences.slice(Math.max(0, i - WINDOW), i);
    // "Friday works" after "I'll send the report by Friday" accepts a deadline, not a meeting.
    const last = before[before.length - 1];
    if (last && DEADLINE.test(last.text) && SENDING.test(last.text) && !MEETING_NOUN.test(last.text.replace(SENDING, ''))) return;
    // The meeting may have been named as something agreed earlier ("last time we said we'd set a date for the demo").
    const context = [...before, s].filter((b) => MEETING_NOUN.test(b.text));
    // Both sides must be in it: a proposal from one, the acceptance from the other (or the proposer confirming the answer).
    if (context.length === 0 || !before.some((b) => b.speaker !== s.speaker)) return;
    const phrases: string[] = [];
    const named = context.filter((b) => b !== s);
    for (const b of named.length ? named : context) {
      const m = MEETING_PHRASE.exec(b.text);
      if (!m) continue;
      // "leads a demo with…", "run a requirements workshop": the phrase starts after its article.
      const phrase = m[0]
        .replace(/^.*?\b(?:a|an|the)\s+/i, '')
        .replace(PHRASE_LEAD, '')
        .trim();
      if (phrase && !phrases.some((p) => p.toLowerCase().includes(phrase.toLowerCase()))) phrases.push(phrase);
    }
    if (phrases.length === 0) return;
    // A firm proposal from the other side ("Let's get your ops lead on a call on Monday…") is the step as said.
    const proposal = [...context]
      .reverse()
      .find((b) => b !== s && b.speaker !== s.speaker && !isQuestion(b.text) && !isHypothetical(b.text));
    const proposedDay = proposal ? saidDate(proposal.text, ctx, BARE) : null;
    const presentation = context.some((b) => /\b(?:demo|present(?:ation|ing)?)\b/i.test(b.text));
    if (proposal && proposal === before[before.length - 1] && proposal.text.split(/\s+/).length >= 5 && MEETING_NOUN.test(proposal.text)) {
      // The day, when said in a sentence of its own ("December 8th at Timmins."), goes with it.
      const daySaid = proposedDay
        ? null
        : before.find((b) => b !== proposal && !isQuestion(b.text) && saidDate(b.text, ctx, BARE) === date);
      const text = [proposal.text, daySaid?.text]
        .filter(Boolean)
        .map((t) => cleanStatement(t!))
        .join(' ');
      out.push({ text, date: proposedDay ?? date, sentence: s, isPresentation: presentation });
      return;
    }
    const when = s.text
      .replace(/^(?:(?:yes|yeah|great|perfect|okay|ok|sure)[,.]?\s+)/i, '')
      .replace(/^that's\s+/i, '')
      .replace(/(?:\s+(?:works|would work|is fine|is good|suits (?:us|me)|is perfect)|,\s+(?:perfect|great|confirmed))\b.*$/i, '')
      .replace(/[.!]$/, '')
      .trim();
    const head = phrases.slice(-2).join(', ');
    const text = `${head.charAt(0).toUpperCase()}${head.slice(1)}, ${when}.`;
    out.push({ text, date, sentence: s, isPresentation: presentation });
  });
  return out;
}

/** The seller sending the contract or order form during the call. */
const SENT_NOW = pattern('i')`\b(?:(?:i|we)(?:'ve| have)\s+just\s+sent\s+(?:it|that|you)|(?:i'm|i am|we're|we are)\s+sending\s+(?:it|
    that|the\s+(?:contract|order form|agreement))\b.*\b(?:now|right now|as we speak|while we're talking))`;
const CONTRACT = /\b(?:contract|order form|agreement|msa|docusign|paperwork)\b/i;
/** The customer seeing it arrive. */
const RECEIVED = /\b(?:here it is|got it|received|in my inbox|i see it|it's here|just arrived|came through)\b/i;

/** The sentence in which the contract was sent and received during the call, if any. */
export function contractSentIn(sentences: readonly Sentence[], ctx: RuleContext): Sentence | null {
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!ctx.isTeam(s.speaker) || !SENT_NOW.test(s.text) || isQuestion(s.text) || isDenial(s.text)) continue;
    const around = sentences.slice(Math.max(0, i - 3), i + 4);
    if (!around.some((b) => CONTRACT.test(b.text))) continue;
    // Sent and received: said so by the seller ("it should be in your inbox now") or seen by the customer.
    const seen = /\binbox\b/i.test(s.text) || sentences.slice(i + 1, i + 5).some((b) => !ctx.isTeam(b.speaker) && RECEIVED.test(b.text));
    if (seen) return s;
  }
  return null;
}

/** "Who makes the final decision?", "Who will take the decision?", "Who signs?". */
const WHO_DECIDES = /\bwho\b.*\b(?:decid\w*|decision|signs?|approves?|sign-?off|budget holder|final call)\b/i;
const FULL_NAME = /\b([A-Z][a-z]+(?:-[a-z]+)?\s+[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?)\b/g;

/** The name given in answer to "who decides?": the customer's next sentences. */
export function answeredDecisionMaker(sentences: readonly Sentence[], ctx: RuleContext): (Sentence & { name: string }) | null {
  let found: (Sentence & { name: string }) | null = null;
  sentences.forEach((q, i) => {
    if (!isQuestion(q.text) || !WHO_DECIDES.test(q.text) || !ctx.isTeam(q.speaker)) return;
    for (const a of sentences.slice(i + 1, i + 3)) {
      if (ctx.isTeam(a.speaker) || isQuestion(a.text) || isHypothetical(a.text) || isDenial(a.text)) break;
      const names = [...a.text.matchAll(FULL_NAME)].map((m) => m[1]!).filter((n) => !ctx.isTeam(n) && !/^(?:Our|The|My|And|But)\b/.test(n));
      // The last name given wins: an answer may restate it ("Mori Takeshi. Takeshi Mori, in western order.").
      if (names.length === 1) found = { ...a, name: names[0]! };
    }
  });
  return found;
}

/** The decision maker saying they will go ahead: "I will approve it at our budget meeting", "Let's go ahead", "I'll sign on the 11th". */
const GO_AHEAD = pattern(
  'i',
)`\b(?:i(?:'ll| will)?\s+(?:approve|sign)\b(?!\s+(?:off\s+)?once|\s+(?:it\s+)?after\s+(?:the\s+)?(?:pilot|trial))|
    let's go ahead|we(?:'ll| will) go ahead|i(?:'ll| will) support this|i support this|you have my (?:approval|go-ahead)|
    i approve)`;
const CONDITIONAL = /\b(?:if|once|unless|provided|assuming|as long as|after the (?:pilot|trial))\b/i;

/** The sentence in which the person who decides says they go ahead, when one is known. */
export function decisionMakerGoesAhead(sentences: readonly Sentence[], deciders: readonly string[]): Sentence | null {
  const who = deciders.map((d) => d.trim().toLowerCase()).filter(Boolean);
  if (who.length === 0) return null;
  const isDecider = (speaker: string | null) => {
    const sp = speaker?.trim().toLowerCase();
    return !!sp && who.some((d) => d === sp || d.includes(sp) || sp.includes(d));
  };
  return (
    sentences.find(
      (s) =>
        isDecider(s.speaker) &&
        GO_AHEAD.test(s.text) &&
        !isQuestion(s.text) &&
        !CONDITIONAL.test(s.text) &&
        !isDenial(s.text) &&
        !isPast(s.text),
    ) ?? null
  );
}
