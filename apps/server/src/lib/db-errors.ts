/** A unique index refused the write (SQLSTATE 23505), raised by the driver or wrapped by Drizzle. */
export const isUniqueViolation = (e: unknown) =>
  (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * SQLSTATEs of a server that cannot answer now: class 08 (connection exception), 57P01
 * admin_shutdown (a fast shutdown or restart ended the connection), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down, in recovery) and 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '08P01', '57P01', '57P02', '57P03', '53300']);
/**
 * Socket errors on the way to the database server (refused while it is down, reset by its restart).
 * They count only when the database driver raised them: a call to another service fails the same way.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * node-postgres's own errors, which carry no code: a connection that ended, none free in time, or a query
 * with no answer in time (a network partition or a hung server keeps the connection open and silent).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

const FROM_DATABASE = Symbol('pipewise.fromDatabase');

/** Marks an error the database driver raised outside a query (taking a pooled connection); returns it. */
export function markFromDatabase<E>(e: E): E {
  if (e instanceof Error) Object.defineProperty(e, FROM_DATABASE, { value: true });
  return e;
}

/** Drizzle's wrapper of a failed query (DrizzleQueryError): its cause is the driver's error. */
const isQueryWrapper = (e: Error) => typeof (e as { query?: unknown }).query === 'string' && 'params' in e;

/**
 * Whether `e` (or an error it wraps, as Drizzle wraps the driver's) says the database server cannot
 * be reached or is restarting: the request may succeed once it is back, so the API answers 503.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  const seen = new Set<unknown>();
  let fromDatabase = false;
  for (let err = e; err instanceof Error && !seen.has(err) && seen.size < 10; err = err.cause) {
    seen.add(err);
    fromDatabase ||= FROM_DATABASE in err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || (fromDatabase && SOCKET_CODES.has(code)))) return true;
    if (UNAVAILABLE_MESSAGES.some((m) => m.test(err.message))) return true;
    // What a query wrapper wraps came from the driver.
    fromDatabase ||= isQueryWrapper(err);
  }
  return false;
}
