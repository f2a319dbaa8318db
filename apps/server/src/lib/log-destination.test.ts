import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { nonBlockingDestination } from './log-destination';

/** A reader that never reads: every write waits in the stream's buffer, as with a full pipe. */
const stuckStream = () => new Writable({ highWaterMark: 16, write: () => undefined });

describe('nonBlockingDestination', () => {
  it('returns at once while the reader is stuck, keeping at most the buffer limit and counting the rest', () => {
    const stream = stuckStream();
    const destination = nonBlockingDestination(stream, 10_000);
    const log = pino({ level: 'info' }, destination);
    const started = Date.now();
    for (let i = 0; i < 5000; i++) log.info({ i }, 'a line that will not be read');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stream.writableLength).toBeLessThan(10_000 + 200);
    expect(destination.dropped).toBeGreaterThan(4000);
  });

  it('stops logging, without throwing, once the reader is gone', () => {
    const stream = new Writable({ write: (_chunk, _encoding, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })) });
    const destination = nonBlockingDestination(stream);
    const log = pino({ level: 'info' }, destination);
    log.info('first');
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(() => log.info('after the pipe closed')).not.toThrow();
        expect(destination.write('x\n')).toBe(false);
        resolve();
      }),
    );
  });
});
