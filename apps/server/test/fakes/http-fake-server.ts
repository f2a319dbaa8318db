import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };
export type FakeAnswer = { status?: number; body: string | object; contentType?: string };

/**
 * An HTTP server on a free loopback port that answers every request with `answer(request)`
 * (changeable between tests) and keeps the requests it saw: the stand-in for an
 * OpenAI-compatible speech-to-text or chat server.
 */
export async function startFakeHttpServer(answer: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const state = { answer };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      void Promise.resolve(state.answer(request)).then((a) => {
        const body = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
        res.writeHead(a.status ?? 200, {
          'content-type': a.contentType ?? (typeof a.body === 'string' ? 'text/plain' : 'application/json'),
        });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setAnswer(next: typeof answer) {
      state.answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeHttpServer = Awaited<ReturnType<typeof startFakeHttpServer>>;

/** A chat completion whose message content is `content`, as OpenAI-compatible servers answer. */
export function chatCompletion(content: string): object {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  };
}
