import type { Writable } from 'node:stream';

export const LOG_BUFFER_BYTES = 1024 * 1024;

/**
 * A log destination that never blocks the process. pino's default writes stdout synchronously
 * and, when a pipe is full (a supervisor that stopped reading), retries in a sleep loop on the
 * main thread: the process then ignores SIGTERM and its own shutdown timer forever. Here lines
 * go through the stream's own buffer; beyond `maxBufferedBytes` waiting, lines are dropped (and
 * counted), and once the reader is gone (EPIPE) logging stops instead of throwing.
 */
export function nonBlockingDestination(stream: Writable, maxBufferedBytes = LOG_BUFFER_BYTES) {
  let broken = false;
  let dropped = 0;
  stream.on('error', () => {
    broken = true;
  });
  return {
    write(line: string): boolean {
      if (broken || stream.destroyed || !stream.writable) return false;
      if (stream.writableLength > maxBufferedBytes) {
        dropped++;
        return false;
      }
      stream.write(line);
      return true;
    },
    get dropped(): number {
      return dropped;
    },
  };
}
