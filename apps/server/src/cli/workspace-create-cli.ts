import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { HttpError } from '../lib/http-error';
import { createWorkspace } from '../modules/registrations/create-workspace';
import { DatabaseStartError } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open-from-config';

// `npm run workspace:create -- --name "Globex" --domain globex.example --admin bob@globex.example [--first Bob --last Stone]`
const USAGE =
  'Usage: npm run workspace:create -- --domain globex.example --admin bob@globex.example [--name "Globex"] [--first Bob] [--last Stone]';

function fail(message: string): never {
  process.stderr.write(`Could not create the workspace: ${message}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      name: { type: 'string' },
      domain: { type: 'string' },
      admin: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
    },
  }).values;
} catch (e) {
  fail(`${(e as Error).message}\n${USAGE}`);
}
if (!args.domain || !args.admin) fail(`--domain and --admin are required.\n${USAGE}`);

let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
let appUrl: string;
try {
  const config = loadConfig();
  appUrl = config.appUrl;
  opened = await openConfiguredDatabase(config);
} catch (e) {
  if (e instanceof DataDirLockedError) {
    fail(`${e.message}\nIf that is the running Pipewise server, stop it first, or approve the request in Settings as an operator.`);
  }
  if (e instanceof ConfigError || e instanceof DatabaseStartError) fail(e.message);
  throw e;
}

const { database, release } = opened;
let refusal: string | undefined;
try {
  await runMigrations(database);
  const created = await createWorkspace(database.db, {
    name: args.name,
    domain: args.domain,
    admin: { email: args.admin, firstName: args.first, lastName: args.last },
  });
  const admin = `${created.admin.firstName} ${created.admin.lastName}`.trim();
  process.stdout.write(
    `Created the workspace "${created.name}" for ${created.domain} (database: ${database.kind}).\n` +
      `Its admin is ${admin} <${created.admin.email}> (super_admin), who can sign in at ${appUrl}/signin ` +
      `and add people with @${created.domain} addresses.\n`,
  );
} catch (e) {
  if (!(e instanceof HttpError)) throw e;
  refusal = e.detail;
} finally {
  await database.close();
  release();
}
if (refusal) fail(refusal);
