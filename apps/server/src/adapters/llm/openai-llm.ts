import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatModel, ToolChatTurn } from './llm-port';
import { jsonFromModelText } from './model-json';

export type OpenAiLlmConfig = { baseUrl: string; model: string; apiKey: string | undefined };

function toOpenAi(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant') {
    const calls = message.toolCalls?.map((c) => ({
      id: c.id,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    }));
    return { role: 'assistant', content: message.content, ...(calls?.length ? { tool_calls: calls } : {}) };
  }
  return { role: message.role, content: message.content };
}

/**
 * Why a call failed, without the server's words: an error body may echo the API key (hosted
 * servers quote it back on a 401), and this text ends up in logs.
 */
function failureOf(e: unknown): string {
  if (e instanceof OpenAI.APIError && e.status) return `HTTP ${e.status}`;
  return e instanceof Error ? e.name : 'unknown error';
}

/** Chat completions on any OpenAI-compatible server (Ollama, vLLM, llama.cpp server, hosted). */
export function createOpenAiChatModel(config: OpenAiLlmConfig): ChatModel {
  // Local servers take any key; the SDK insists on one.
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey ?? 'none', maxRetries: 1, timeout: 120_000 });
  return {
    model: config.model,
    async json({ system, user, schema, signal }) {
      const completion = await client.chat.completions.create(
        {
          model: config.model,
          temperature: 0.2,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        },
        { signal },
      );
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new Error('The model answered with no content');
      return schema.parse(jsonFromModelText(content));
    },

    async chatWithTools({ messages, tools, toolChoice = 'auto', signal }): Promise<ToolChatTurn> {
      const body = {
        model: config.model,
        temperature: 0.1,
        messages: messages.map(toOpenAi),
        tools: tools.map((t) => ({
          type: 'function' as const,
          function: { name: t.name, description: t.description, parameters: t.parameters },
        })),
        tool_choice: toolChoice,
      };
      // A person is waiting: the caller's deadline decides, and a retry would only outlast it.
      const completion = await client.chat.completions.create(body, { signal, maxRetries: 0 }).catch((e: unknown) => {
        throw new Error(`The chat model failed: ${failureOf(e)}`);
      });
      const message = completion.choices[0]?.message;
      const calls = (message?.tool_calls ?? []).map((c) =>
        c.type === 'function'
          ? { id: c.id, name: c.function.name, arguments: c.function.arguments }
          : { id: c.id, name: c.custom.name, arguments: c.custom.input },
      );
      if (calls.length) return { kind: 'tool_calls', calls };
      if (!message?.content?.trim()) throw new Error('The model answered with no content');
      return { kind: 'text', text: message.content.trim() };
    },
  };
}
