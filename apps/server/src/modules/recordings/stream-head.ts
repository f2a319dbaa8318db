import { Readable } from 'node:stream';

/**
 * The first `bytes` of a stream (fewer when it is shorter), and a stream of all its bytes from
 * the start: the caller decides from the head, then passes the whole on without buffering it.
 */
export async function readHead(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  // Destroying `body` ends the generator, which returns the iterator and so destroys `source`.
  const body = Readable.from(all(), { objectMode: false });
  return { head: head.subarray(0, bytes), body };
}
