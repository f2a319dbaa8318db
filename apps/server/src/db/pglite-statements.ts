import { parse as pgParse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** PGlite's own members the cache runs under: its query mutexes (as PGlite.query takes them). */
type PgliteInternals = {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  parsers: Parameters<typeof pgParse.parseResults>[1];
  serializers: Record<number, (value: unknown) => string>;
};

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const cached = new WeakSet<PGlite>();

/**
 * Named prepared statements for PGlite's parameterised queries. PGlite's `query` parses, plans and
 * describes every statement afresh, in six calls into the database; the same deals-list query then
 * spends more time being planned than run. This keeps the last `max` statement texts prepared (each
 * parsed and described once), so a repeated query is one call that binds, executes and syncs, and
 * PostgreSQL's plan cache keeps its plan. Queries inside a transaction, with blobs or explicit
 * parameter types, and any statement PostgreSQL refuses to reuse, go through PGlite's own `query`.
 */
export function cacheStatements(client: PGlite, max = 256): void {
  if (cached.has(client)) return;
  cached.add(client);
  const internals = client as unknown as PgliteInternals;
  const original = client.query.bind(client);
  /** Statement text to its name and parameter types, least recently used first. */
  const statements = new Map<string, { name: string; types: number[] }>();
  let next = 0;

  const run = async (text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<unknown>> => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      const name = `pw_s${++next}`;
      const described = await client.execProtocolStream(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, types: pgParse.parseDescribeStatementResults(described) };
      statements.set(text, statement);
      if (statements.size > max) {
        const [oldText, old] = statements.entries().next().value!;
        statements.delete(oldText);
        await client.execProtocolStream(concat([serialize.close({ type: 'S', name: old.name }), serialize.sync()]), { syncToFs: false });
      }
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[statement.types[i]!] ?? internals.serializers[statement.types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return pgParse.parseResults(messages, internals.parsers, options)[0] as Results<unknown>;
  };

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!params?.length || options?.blob || options?.paramTypes) return original(text, params, options);
    await internals._checkReady();
    try {
      return await internals._runExclusiveTransaction(() => internals._runExclusiveQuery(() => run(text, params, options)));
    } catch (e) {
      // A table the statement reads changed shape since it was prepared: forget it, and run it afresh.
      if ((e as { code?: string }).code !== '0A000' || !statements.has(text)) throw e;
      statements.delete(text);
      return original(text, params, options);
    }
  }) as PGlite['query'];
}
