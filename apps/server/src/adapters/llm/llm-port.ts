import type { z } from 'zod';

export type JsonRequest<T> = {
  system: string;
  user: string;
  /** The answer's shape: anything else is an error, and callers fall back to the offline path. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

/** A tool the model may call: its name, what it is for, and its arguments' JSON Schema. */
export type ToolSpec = { name: string; description: string; parameters: Record<string, unknown> };

/** A call the model asked for, its arguments as the model wrote them (JSON text, not yet checked). */
export type ToolCall = { id: string; name: string; arguments: string };

/** One message of a tool conversation. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export type ToolChatRequest = {
  messages: ChatMessage[];
  tools: ToolSpec[];
  /** 'none' asks for a text answer (the last round of a bounded loop). */
  toolChoice?: 'auto' | 'none';
  signal?: AbortSignal;
};

/** The model's turn: either a text answer or the tools it wants run first. */
export type ToolChatTurn = { kind: 'text'; text: string } | { kind: 'tool_calls'; calls: ToolCall[] };

/** An OpenAI-compatible chat model (LLM_BASE_URL + LLM_MODEL); absent by default. */
export interface ChatModel {
  readonly model: string;
  /** One JSON object as the answer, checked against `schema`. */
  json<T>(request: JsonRequest<T>): Promise<T>;
  /** One round of a tool conversation; the caller runs the calls and sends their results back. */
  chatWithTools(request: ToolChatRequest): Promise<ToolChatTurn>;
}
