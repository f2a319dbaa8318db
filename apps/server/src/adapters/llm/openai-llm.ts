import OpenAI from 'openai';
import type { ChatModel } from './llm-port';
import { jsonFromModelText } from './model-json';

export type OpenAiLlmConfig = { baseUrl: string; model: string; apiKey: string | undefined };

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
  };
}
