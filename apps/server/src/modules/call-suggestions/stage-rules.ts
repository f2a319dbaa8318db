import { isDenial, isPast, isStatement } from './sentence-kinds';
import type { PipelineStage } from './suggestion-types';
import type { Sentence } from './transcript-sentences';
import { pattern } from './regex-text';

/**
 * Stage moves a call supports, by what was said. Each signal names a stage of the default Sales
 * Pipeline; a deal in a pipeline without that label gets none. "Move this to <label>" names any
 * stage of the deal's pipeline. Validation keeps forward moves to open stages only.
 */
const SIGNALS: { label: string; pattern: RegExp }[] = [
  {
    label: 'Contract Sent',
    pattern: pattern('i')`\b(?:(?:i|we)(?:'ve| have)\s+(?:just\s+|already\s+)?sent\s+(?:over\s+|you\s+)?(?:the\s+)?(?:contract|
        agreement|order form|msa)|(?:got|received)\s+(?:the|your)\s+(?:contract|agreement|order form|
        msa)|(?:contract|agreement|order form)\s+(?:is|has been)\s+(?:sent|with (?:you|legal|your legal)|
        in your inbox))\b`,
  },
  {
    label: 'Decision Maker Bought-In',
    pattern: pattern('')`\b(?:[Gg]ot|[Hh]ave|[Rr]eceived|[Ss]ecured)\s+(?:the\s+)?(?:final\s+)?sign[- ]?off\s+from\b|
        \b(?:cfo|ceo|cto|coo|cio|md|vp|CFO|CEO|CTO|COO|CIO|MD|VP|director|head|founder|owner|boss|board|
        management|leadership|decision[- ]maker|[A-Z][a-z]+)\s+(?:has\s+|have\s+|is\s+|are\s+)?(?:approved|
        signed off|bought in|on board|fully on board|given (?:the|us the|their) (?:go[- ]ahead|green light|
        nod)|gave (?:the|us the|their) (?:go[- ]ahead|green light|nod))\b`,
  },
  {
    label: 'Qualified To Buy',
    pattern: pattern('i')`\b(?:budget (?:is|has been) (?:approved|allocated|signed off|set aside|sanctioned)|we have (?:the\s+)?budget|
        (?:we've|we have) (?:set aside|allocated|earmarked))\b`,
  },
  {
    label: 'Presentation Scheduled',
    pattern: pattern('i')`\b(?:(?:demo|presentation)\s+(?:is\s+)?(?:scheduled|booked|confirmed|locked in|set up)|(?:scheduled|
        booked|set up|locked in)\s+(?:a|the)\s+(?:demo|presentation))\b`,
  },
];
const EXPLICIT =
  /\b(?:move|moving|put|mark|update)\s+(?:this|it|the deal|the opportunity)\s+(?:to|into|as)\s+(?:the\s+)?(.+?)(?:\s+stage)?[.!]?$/i;

/** The stage the sentence moves the deal to, if any (not yet checked against the deal's current stage). */
export function stageOf(s: Sentence, stages: readonly PipelineStage[]): PipelineStage | null {
  if (!isStatement(s.text) || isDenial(s.text)) return null;
  const byLabel = (label: string) => stages.find((st) => st.label.toLowerCase() === label.trim().toLowerCase()) ?? null;
  const explicit = EXPLICIT.exec(s.text);
  if (explicit) return byLabel(explicit[1]!);
  if (isPast(s.text.replace(/\b(?:was|were)\b/gi, ''))) return null;
  for (const signal of SIGNALS) if (signal.pattern.test(s.text)) return byLabel(signal.label);
  return null;
}
