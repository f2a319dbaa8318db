import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Wiring in one place (docs/architecture.md#wiring-servicests-is-the-composition-root): every service is made in
 * services.ts; route plugins and jobs receive what they use, never the container.
 */
const SRC = import.meta.dirname;

function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const files = sources().map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
const ROOT = new Set(['services.ts', 'main.ts']);

/** Where `pattern` matches, as file:line. */
function where(pattern: RegExp, among = files): string[] {
  return among.flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])));
}

describe('wiring', () => {
  it('loads the master key only in services.ts', () => {
    const calls = where(
      /\bloadMasterKey\(/,
      files.filter(({ file }) => file !== 'lib/secrets.ts'),
    );
    expect(calls).toEqual([expect.stringMatching(/^services\.ts:/)]);
  });

  it('hands the services container to no module, route plugin or job: only app.ts and main.ts import it', () => {
    const importers = files.filter(({ file, text }) => !ROOT.has(file) && /from '(\.\.?\/)+services'/.test(text)).map((f) => f.file);
    expect(importers).toEqual(['app.ts']);
  });

  it('builds no service in a route file, a job file or app.ts', () => {
    const builders = files.filter(({ file }) => /(-routes|-jobs)\.ts$/.test(file) || file === 'app.ts');
    expect(where(/\bcreate\w*(Service|Services|Repo)\(/, builders)).toEqual([]);
  });

  it("builds no other module's service inside a module", () => {
    const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
    const crossModule = files.flatMap(({ file, text }) =>
      [...text.matchAll(/import \{([^}]*)\} from '(\.[^']+)'/g)].flatMap(([, names, from]) => {
        const target = path.relative(SRC, path.resolve(SRC, path.dirname(file), from!));
        const builds = /\bcreate\w*Services?\b/.test(names!);
        return builds && moduleOf(file) && moduleOf(target) !== moduleOf(file) ? [`${file} -> ${target}`] : [];
      }),
    );
    expect(crossModule).toEqual([]);
  });
});

/**
 * Who owns each table: only the owning module writes SQL against it; another module reads it
 * through the owner's read functions (docs/architecture.md#modules-and-their-public-files). Names are SQL names.
 */
const TABLE_OWNERS: Record<string, string> = {
  organizations: 'workspaces',
  users: 'users',
  sessions: 'auth',
  otp_codes: 'auth',
  oauth_states: 'auth',
  rate_limits: 'rate-limit',
  registration_requests: 'registrations',
  calendar_meetings: 'calendar',
  google_connections: 'google',
  google_connect_states: 'google',
  crm_changes: 'crm-changes',
  crm_owners: 'hubspot',
  pipelines: 'deals',
  pipeline_stages: 'deals',
  deals: 'deals',
  deal_search: 'deals',
  deal_totals: 'deals',
  deal_month_totals: 'deals',
  deal_term_totals: 'deals',
  deal_search_terms: 'deals',
  deal_stakeholders: 'deals',
  companies: 'companies',
  contacts: 'contacts',
  recordings: 'recordings',
  direct_uploads: 'recordings',
  integration_connections: 'integrations',
  integration_connect_states: 'integrations',
  workspace_integrations: 'integrations',
  integration_pacing: 'hubspot',
  hubspot_webhook_events: 'hubspot',
  jobs: 'jobs',
  server_processes: 'runtime',
  pending_operations: 'assistant',
  whatsapp_inbound_messages: 'whatsapp',
  whatsapp_conversations: 'whatsapp',
  whatsapp_stranger_replies: 'whatsapp',
};

/** The drizzle export name of each table (`export const deals = pgTable('deals', ...)`), from db/schema. */
const SCHEMA_NAMES = new Map(
  fs
    .readdirSync(path.join(SRC, 'db/schema'))
    .flatMap((f) => [...fs.readFileSync(path.join(SRC, 'db/schema', f), 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)])
    .map(([, name, table]) => [name!, table!]),
);

/** The text of every `sql` template in `text` (nested templates included), where a statement names its tables. */
function sqlTemplates(text: string): string[] {
  const found: string[] = [];
  // From just after an opening backtick to just after its closing one; `${...}` may hold templates of its own.
  function template(at: number): number {
    let i = at;
    let body = '';
    while (i < text.length && text[i] !== '`') {
      if (text[i] === '\\') {
        body += text.slice(i, i + 2);
        i += 2;
      } else if (text.startsWith('${', i)) {
        let depth = 1;
        i += 2;
        while (i < text.length && depth > 0) {
          if (text[i] === '`') i = template(i + 1);
          else {
            if (text[i] === '{') depth++;
            if (text[i] === '}') depth--;
            i++;
          }
        }
        body += ' ';
      } else body += text[i++];
    }
    found.push(body);
    return i + 1;
  }
  for (let i = text.indexOf('sql`'); i >= 0; i = text.indexOf('sql`', i)) i = template(i + 4);
  for (const [, raw] of text.matchAll(/sql\.raw\(\s*'([^']*)'/g)) found.push(raw!);
  return found;
}

/** The tables a file names: drizzle tables it imports from db/schema, and tables its SQL reads or writes. */
function tablesNamed(text: string): Set<string> {
  const tables = new Set<string>();
  for (const [, names] of text.matchAll(/import (?!type )\{([^}]*)\} from '(?:\.\.\/)+db\/schema(?:\/[\w-]+)?'/g)) {
    for (const name of names!.split(',').map((n) => n.trim())) {
      if (!name.startsWith('type ') && SCHEMA_NAMES.has(name)) tables.add(SCHEMA_NAMES.get(name)!);
    }
  }
  for (const statement of sqlTemplates(text)) {
    for (const [, table] of statement.matchAll(/\b(?:from|join|into|update)\s+([a-z_]+)\b/gi)) {
      if (TABLE_OWNERS[table!.toLowerCase()]) tables.add(table!.toLowerCase());
    }
    // A fragment that is only a table and its alias (`from: sql\`deal_search d\``), composed into a statement elsewhere.
    const alone = /^\s*([a-z_]+)(?:\s+[a-z_]+)?\s*$/.exec(statement)?.[1];
    if (alone && TABLE_OWNERS[alone]) tables.add(alone);
  }
  return tables;
}

describe('one owner per table', () => {
  it('knows the owner of every table in db/schema', () => {
    expect([...SCHEMA_NAMES.values()].filter((table) => !TABLE_OWNERS[table])).toEqual([]);
  });

  it('finds a table named in SQL or imported from db/schema', () => {
    const text = [
      "import { deals, type PendingChange } from '../../db/schema/crm';",
      'const a = sql`select d.id from companies c join deal_search d on true ${sql`where exists (select 1 from users u)`}`;',
      'const from = sql`recordings r`;',
    ].join('\n');
    expect([...tablesNamed(text)].sort()).toEqual(['companies', 'deal_search', 'deals', 'recordings', 'users']);
    expect([...tablesNamed("const m = 'I can create or update deals';")]).toEqual([]);
  });

  it("the assistant and the header search read other modules' tables only through those modules' read functions", () => {
    const foreign = files
      .filter(({ file }) => /^modules\/(assistant|search)\//.test(file))
      .flatMap(({ file, text }) => {
        const module = /^modules\/([^/]+)\//.exec(file)![1];
        const tables = [...tablesNamed(text)].filter((table) => TABLE_OWNERS[table] !== module);
        return tables.length ? [`${file}: ${tables.sort().join(', ')}`] : [];
      });
    expect(foreign).toEqual([]);
  });
});
