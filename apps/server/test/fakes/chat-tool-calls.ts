import type { FakeAnswer, FakeRequest } from './http-fake-server';

/** A chat completion in which the model asks for tool calls (arguments as given, or JSON of an object). */
export function toolCallCompletion(calls: { name: string; arguments: string | object }[]): object {
  return {
    id: 'chatcmpl-tools',
    object: 'chat.completion',
    created: 1,
    model: 'test-model',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((c, i) => ({
            id: `call_${i + 1}`,
            type: 'function',
            function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
          })),
        },
      },
    ],
  };
}

/** The request body an OpenAI-compatible server received. */
export const chatRequestBody = (req: FakeRequest) =>
  JSON.parse(req.body.toString()) as {
    model: string;
    tool_choice?: string;
    tools?: { function: { name: string } }[];
    messages: { role: string; content: string | null; tool_call_id?: string }[];
  };

/** Answers the scripted completions in order, then a 500 (a script that ran out is a test bug made visible). */
export function scripted(...answers: object[]): (req: FakeRequest) => FakeAnswer {
  let next = 0;
  return () => (next < answers.length ? { body: answers[next++]! } : { status: 500, body: { error: { message: 'script ran out' } } });
}
