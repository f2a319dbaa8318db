import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Wiring in one place (docs/architecture.md#wiring-servicests-is-the-composition-root): every
 * service, repository and reader is made in services.ts (with reads.ts, its list of the modules'
 * reads); route plugins and jobs receive what they use, never the container.
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
/** The composition root: services.ts, the reads it builds (reads.ts), and main.ts, which starts the process. */
const COMPOSITION_ROOT = new Set([...ROOT, 'reads.ts']);
/** The command-line tools and the demo seed run as processes of their own (or from main.ts): each is its own root. */
const isEntryPoint = (file: string) => file.startsWith('cli/');

/** Every builder the project defines: an exported function or constant named create<Something>. */
const BUILDERS = new Set(
  files.flatMap(({ text }) => [...text.matchAll(/export (?:async )?(?:function|const) (create[A-Z]\w*)\b/g)].map(([, name]) => name!)),
);

/**
 * Builders that may be called outside the composition root, each for its reason. Nothing else is:
 * a module takes what it uses as a parameter, built in services.ts.
 */
const BUILDERS_ALLOWED: Record<string, { names: string[]; why: string }> = {
  'adapters/mail/create-mail-sender.ts': {
    names: ['createSmtpMailSender', 'createOutboxMailSender'],
    why: 'the chooser services.ts calls',
  },
  'adapters/storage/create-file-storage.ts': {
    names: ['createS3FileStorage', 'createLocalFileStorage'],
    why: 'the chooser services.ts calls',
  },
  'adapters/stt/create-stt.ts': { names: ['createOpenAiStt', 'createPocketsphinxStt'], why: 'the chooser services.ts calls' },
  'adapters/whatsapp/create-whatsapp-sender.ts': {
    names: ['createCloudWhatsappSender', 'createOutboxWhatsappSender'],
    why: 'the chooser services.ts calls',
  },
  'db/pglite-driver.ts': { names: ['createPglite'], why: 'opens the embedded database itself (a driver, below the modules)' },
  'modules/crm-changes/crm-write.ts': {
    names: ['createCrmChangesRepo'],
    why: "the change row is written on the writer's own transaction, which only exists inside the write",
  },
  'modules/recordings/recording-processor.ts': {
    names: ['createTranscriptInsights'],
    why: "built per job run, with that run's logger",
  },
  'modules/registrations/operator-service.ts': { names: ['createWorkspace'], why: 'an operation (it adds a workspace), not a builder' },
  'modules/assistant/model/model-tools.ts': { names: ['createCommandOf'], why: 'a value: the command a model tool call stands for' },
  'modules/assistant/commands/command-service.ts': {
    names: ['createQuestion', 'createPropertiesFor'],
    why: "values: a confirmation's question, a new record's properties",
  },
};

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

  it('calls no builder (create*, whatever it builds) outside the composition root', () => {
    const outside = files
      .filter(({ file }) => !COMPOSITION_ROOT.has(file) && !isEntryPoint(file))
      .flatMap(({ file, text }) =>
        // A call, not a method (`.createDraft(`) nor the definition (`function createX(`).
        [...text.matchAll(/(?<![.\w])(?<!function )(create[A-Z]\w*)\(/g)]
          .map(([, name]) => name!)
          .filter((name) => BUILDERS.has(name))
          .filter((name) => !BUILDERS_ALLOWED[file]?.names.includes(name))
          .map((name) => `${file}: ${name}`),
      );
    expect(outside).toEqual([]);
  });

  it('finds a builder called in a module, whatever its suffix', () => {
    expect(BUILDERS.has('createToolRunner') && BUILDERS.has('createGazetteerLoader') && BUILDERS.has('createUsersRepo')).toBe(true);
  });

  it('no two modules import each other, directly or round a circle', () => {
    const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
    const edges = new Map<string, Set<string>>();
    for (const { file, text } of files) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
        const to = moduleOf(path.relative(SRC, path.resolve(SRC, path.dirname(file), spec!)));
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const reaches = (start: string, goal: string, seen = new Set<string>()): boolean =>
      [...(edges.get(start) ?? [])].some((next) => next === goal || (!seen.has(next) && (seen.add(next), reaches(next, goal, seen))));
    const circles = [...edges.keys()].filter((module) => reaches(module, module)).sort();
    expect(circles).toEqual([]);
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
  // Written only by the triggers of migration 0026, from the actor a CRM write names (crm-write.ts).
  record_history: 'crm-changes',
  notes: 'activity',
  crm_owners: 'hubspot',
  pipelines: 'deals',
  pipeline_stages: 'deals',
  deals: 'deals',
  deal_search: 'deals',
  deal_totals: 'deals',
  record_owner_totals: 'companies',
  company_deal_reach: 'companies',
  contact_deal_reach: 'contacts',
  deal_month_totals: 'deals',
  deal_term_totals: 'deals',
  deal_search_terms: 'deals',
  deal_stakeholders: 'deals',
  companies: 'companies',
  contacts: 'contacts',
  recordings: 'recordings',
  direct_uploads: 'recordings',
  recording_segments: 'recordings',
  recording_participants: 'recordings',
  recording_voice_turns: 'recordings',
  call_stats: 'coaching',
  call_stats_people: 'coaching',
  workspace_competitors: 'coaching',
  integration_connections: 'hubspot',
  integration_connect_states: 'hubspot',
  workspace_integrations: 'hubspot',
  integration_pacing: 'hubspot',
  hubspot_webhook_events: 'hubspot',
  jobs: 'jobs',
  server_processes: 'runtime',
  pending_operations: 'assistant',
  whatsapp_inbound_messages: 'whatsapp',
  whatsapp_conversations: 'whatsapp',
  whatsapp_stranger_replies: 'whatsapp',
  tasks: 'tasks',
  call_suggestions: 'call-suggestions',
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

/**
 * The tables a file writes: drizzle's insert, update or delete of a db/schema table, and SQL that
 * inserts into, updates or deletes from one.
 */
function tablesWritten(text: string): Set<string> {
  const tables = new Set<string>();
  for (const [, name] of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
    if (SCHEMA_NAMES.has(name!)) tables.add(SCHEMA_NAMES.get(name!)!);
  }
  for (const statement of sqlTemplates(text)) {
    for (const [, table] of statement.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
      if (TABLE_OWNERS[table!.toLowerCase()]) tables.add(table!.toLowerCase());
    }
  }
  return tables;
}

/**
 * The writes to another module's table that stay, file by file with a comment saying why: none today.
 * Any cross-module write not listed here fails the test: write through the owner's own write function.
 */
const CROSS_MODULE_WRITES: Record<string, string[]> = {};

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

  it('finds a table written by drizzle or by SQL', () => {
    const text = [
      "import { deals } from '../../db/schema';",
      'await tx.insert(deals).values(row);',
      'await db.execute(sql`update companies set name = ${name} where id = ${id}`);',
      'const n = sql`select 1 from contacts for update`;',
    ].join('\n');
    expect([...tablesWritten(text)].sort()).toEqual(['companies', 'deals']);
  });

  it('every module writes only its own tables', () => {
    const modules = fs.readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(new Set(Object.values(TABLE_OWNERS)).size).toBeGreaterThan(0);
    const foreign = files
      .filter(({ file }) => file.startsWith('modules/'))
      .flatMap(({ file, text }) => {
        const module = /^modules\/([^/]+)\//.exec(file)![1]!;
        const tables = [...tablesWritten(text)].filter(
          (table) => TABLE_OWNERS[table] !== module && !CROSS_MODULE_WRITES[file]?.includes(table),
        );
        return tables.length ? [`${file}: ${tables.sort().join(', ')}`] : [];
      });
    expect(foreign).toEqual([]);
    // Every owner is a module (or jobs/, runtime/), and every allowed write is still made.
    const owners = new Set([...modules.map((e) => e.name), 'jobs', 'runtime']);
    expect(Object.values(TABLE_OWNERS).filter((owner) => !owners.has(owner))).toEqual([]);
    const stale = Object.entries(CROSS_MODULE_WRITES).flatMap(([file, tables]) => {
      const text = files.find((f) => f.file === file)?.text ?? '';
      return tables.filter((table) => !tablesWritten(text).has(table)).map((table) => `${file}: ${table}`);
    });
    expect(stale).toEqual([]);
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
