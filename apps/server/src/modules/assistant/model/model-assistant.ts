import type { FastifyBaseLogger } from 'fastify';
import type { TChatSource, TProcessCommandResponse, TRecordView } from '@pipewise/contract/assistant';
import type { ChatMessage, ChatModel } from '../../../adapters/llm/llm-port';
import type { Caller } from '../../access/access-rules';
import { checkCall, TOOL_SPECS, type ToolName } from './model-tool-args';
import type { ToolOutcome, ToolRunner } from './model-tools';
import { systemPrompt, userPrompt, type AskMode } from './model-prompt';
import { localDate, zoneOrUtc } from '../questions/time-zone';
import type { Quotes } from '../questions/answer-said';
import { answerFromQuotes } from './said-model';

/** What the built-in (offline) assistant answers: the same shape as the questions service's answers. */
export type OfflineAnswer = { text: string; sources: TChatSource[]; results: TRecordView[] };

/**
 * An answer for the chat routes. `model` is true when the model answered; `note` says when it
 * failed and the offline path answered instead; `command` is set when the model proposed a create
 * or update: the same answer process-command gives (a pending operation to confirm with yes/no).
 */
export type ModelAnswer = OfflineAnswer & { model: boolean; note: string | null; command: TProcessCommandResponse | null };

export type AskInput = {
  query: string;
  account?: string | null;
  mode: AskMode;
  /** The caller's IANA time zone (the X-Timezone header): 'today' and 'tomorrow' are theirs, in the prompt and in commands. */
  timeZone?: string;
  /** The records the question names, as the built-in reader resolved them (read only when a model answers). */
  named?: () => Promise<string[]>;
  /**
   * For a question about what was said on calls, the quotes the offline search retrieved (found null: none);
   * null for other questions. The model then answers from those quotes only, citing them (said-model.ts).
   */
  quotes?: () => Promise<{ found: Quotes | null; zone: string } | null>;
};

export const MODEL_FALLBACK_NOTE = 'The language model did not answer, so this answer comes from the built-in assistant.';

/** Model calls per answer: lookups, then the answer (the last call may not ask for tools). */
export const MAX_MODEL_ROUNDS = 4;
/** Sources and result rows an answer carries at most. */
const MAX_SOURCES = 20;

const READ_TOOLS: ToolName[] = ['search_records', 'find_deals'];
const ALL_TOOLS: ToolName[] = [...READ_TOOLS, 'create_record', 'update_record'];

export type ModelAssistantDeps = {
  /** Undefined when no model is configured: every answer is the offline one. */
  llm: ChatModel | undefined;
  /** The budget of one answer, all rounds included (config.llm.timeoutMs). */
  timeoutMs: number;
  /** The lookups and proposals the model may call (model-tools.ts), with the caller's permissions. */
  tools: ToolRunner;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
};

function uniqueSources(sources: TChatSource[]): TChatSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(`${s.type}:${s.id}`) && Boolean(seen.add(`${s.type}:${s.id}`))).slice(0, MAX_SOURCES);
}

/** The records an answer relies on: all the last lookup returned, and earlier ones it names. */
function citedSources(text: string, lastRound: TChatSource[], earlier: TChatSource[]): TChatSource[] {
  const lower = text.toLowerCase();
  return uniqueSources([...lastRound, ...earlier.filter((s) => lower.includes(s.label.toLowerCase()))]);
}

/**
 * The assistant's optional language-model path for summaries, answers and command parsing
 * (docs/architecture.md#adapters-and-their-embedded-defaults). The model looks records up through
 * tools that run with the caller's permissions, and its creates and updates become pending
 * operations like typed commands (decision 9): it never writes. Any failure (error, timeout, a
 * malformed tool call) gives the offline answer with a note.
 */
export function createModelAssistant(deps: ModelAssistantDeps) {
  const now = deps.now ?? (() => new Date());
  const { tools } = deps;

  async function converse(llm: ChatModel, caller: Caller, input: AskInput, signal: AbortSignal): Promise<ModelAnswer> {
    const allowed = input.mode === 'panel' ? ALL_TOOLS : READ_TOOLS;
    const specs = TOOL_SPECS.filter((t) => allowed.includes(t.name as ToolName));
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(caller, input.mode, localDate(now(), zoneOrUtc(input.timeZone))) },
      { role: 'user', content: userPrompt(input.query, input.account, input.named ? await input.named() : []) },
    ];
    let lastRound: ToolOutcome[] = [];
    const earlier: TChatSource[] = [];
    for (let round = 1; round <= MAX_MODEL_ROUNDS; round++) {
      const turn = await llm.chatWithTools({ messages, tools: specs, toolChoice: round === MAX_MODEL_ROUNDS ? 'none' : 'auto', signal });
      if (turn.kind === 'text') {
        return {
          text: turn.text,
          sources: citedSources(
            turn.text,
            lastRound.flatMap((o) => o.sources),
            earlier,
          ),
          results: lastRound.flatMap((o) => o.results).slice(0, MAX_SOURCES),
          model: true,
          note: null,
          command: null,
        };
      }
      if (round === MAX_MODEL_ROUNDS) throw new Error(`no answer after ${MAX_MODEL_ROUNDS} rounds`);
      // Every call is checked before any runs: one bad call discards the whole turn.
      const calls = turn.calls.map((c) => checkCall(c, allowed));
      const command = calls.find((c) => c.name === 'create_record' || c.name === 'update_record');
      if (command) {
        // A proposed write ends the answer with the confirmation question, word for word as for a
        // typed command, so the yes confirms exactly what was shown. One proposal per answer.
        const outcome = await tools.run(caller, command, input.timeZone);
        return {
          text: outcome.command!.message,
          sources: outcome.sources,
          results: outcome.results,
          model: true,
          note: null,
          command: outcome.command,
        };
      }
      earlier.push(...lastRound.flatMap((o) => o.sources));
      messages.push({ role: 'assistant', content: null, toolCalls: turn.calls });
      lastRound = [];
      for (const call of calls) {
        signal.throwIfAborted();
        const outcome = await tools.run(caller, call, input.timeZone);
        lastRound.push(outcome);
        messages.push({ role: 'tool', toolCallId: call.id, content: outcome.content });
      }
    }
    throw new Error('unreachable');
  }

  return {
    /**
     * Answers a chat question: with the model when one is configured and it answers well in
     * time, else with `offline()` (plus a note when the model was asked and failed).
     */
    async answer(caller: Caller, input: AskInput, offline: () => Promise<OfflineAnswer>): Promise<ModelAnswer> {
      const fromOffline = async (note: string | null): Promise<ModelAnswer> => ({
        ...(await offline()),
        model: false,
        note,
        command: null,
      });
      if (!deps.llm) return fromOffline(null);
      try {
        const said = input.quotes ? await input.quotes() : null;
        if (said) {
          // Nothing retrieved: the offline answer says so; the model is not asked to answer from nothing.
          if (!said.found) return await fromOffline(null);
          const cited = await answerFromQuotes(deps.llm, input.query, said.found, said.zone, AbortSignal.timeout(deps.timeoutMs));
          return { ...cited, model: true, note: null, command: null };
        }
        return await converse(deps.llm, caller, input, AbortSignal.timeout(deps.timeoutMs));
      } catch (e) {
        // Only the reason's name: never the prompt, the records or anything the server said.
        deps.log.warn(
          { reason: e instanceof Error ? `${e.name}: ${e.message}` : 'unknown' },
          'The chat model did not answer; the built-in assistant answered',
        );
        return fromOffline(MODEL_FALLBACK_NOTE);
      }
    },
  };
}

export type ModelAssistant = ReturnType<typeof createModelAssistant>;
