import { AsyncLocalStorage } from 'node:async_hooks';

const longScope = new AsyncLocalStorage<true>();

/**
 * Runs `fn` under the longer PostgreSQL query limit (DATABASE_JOB_QUERY_TIMEOUT_MS) instead of the request
 * one (DATABASE_QUERY_TIMEOUT_MS): jobs, migrations and seeding run statements no request runs. Every query
 * `fn` starts, however deep, gets it. The embedded database bounds no query: there this only runs `fn`.
 */
export const withLongQueries = <T>(fn: () => T): T => longScope.run(true, fn);

/** Whether the query being started belongs to `withLongQueries`. */
export const inLongQueries = (): boolean => longScope.getStore() === true;
