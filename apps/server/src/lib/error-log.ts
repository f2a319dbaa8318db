import pino from 'pino';

/*
 * Errors as they go into logs. A failed query carries the statement's parameter values (emails,
 * names, phones, deal text) in Drizzle's message and `params`, and PostgreSQL repeats values in
 * its message ('... out of range: "0000-01-01"'), `detail` ('Key (email)=(...) already exists')
 * and `where`. Logs keep what helps debugging: the statement text, the SQLSTATE code, the
 * object names, the masked message and the stack frames.
 */

/** Fields of pg's / PGlite's DatabaseError that name things, never values. */
const DRIVER_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

type QueryError = Error & { query: string; params: unknown };
type DriverError = Error & Partial<Record<(typeof DRIVER_FIELDS)[number], string>>;

const isQueryError = (e: unknown): e is QueryError =>
  e instanceof Error && typeof (e as { query?: unknown }).query === 'string' && 'params' in e;
const isDriverError = (e: unknown): e is DriverError =>
  e instanceof Error && 'severity' in e && /^[0-9A-Z]{5}$/.test(String((e as { code?: unknown }).code));

/** Quoted text in a database message is a value (or a name already logged on its own). */
const maskLiterals = (message: string) => message.replace(/"[^"]*"|'[^']*'/g, (q) => `${q[0]}…${q[0]}`);

const framesOf = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

function causesOf(err: Error): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 10 && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

function safeError(err: Error, depth = 0): LoggedError {
  const type = err.constructor?.name ?? err.name;
  let message: string;
  const out: LoggedError = { type, message: '', stack: '' };
  if (isDriverError(err)) {
    // PGlite also puts the query and its params on its own error: the statement is kept once.
    message = maskLiterals(err.message);
    if (depth === 0 && isQueryError(err)) out.query = err.query;
    const fields: DriverError = err;
    for (const key of DRIVER_FIELDS) if (typeof fields[key] === 'string') out[key] = fields[key];
  } else if (isQueryError(err)) {
    message = 'Failed query';
    out.query = err.query;
  } else {
    // A message built from a failed query's message may repeat its values.
    message = maskLiterals(err.message.split(/\nparams: /)[0]!);
  }
  out.message = message;
  out.stack = [`${type}: ${message}`, ...framesOf(err.stack)].join('\n');
  if (err.cause instanceof Error && depth < 5) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** pino's `err` serializer, except that database errors (anywhere in the cause chain) lose their values. */
export function errorForLog(err: Error): LoggedError {
  const chain = causesOf(err);
  if (!chain.some((e) => isQueryError(e) || isDriverError(e))) return pino.stdSerializers.err(err);
  const safe = safeError(err);
  const driver = chain.find(isDriverError);
  // The SQLSTATE code on top, where log searches look first.
  return driver?.code ? { ...safe, code: driver.code } : safe;
}
