import {
  PENDING_OPERATION_TTL_MS,
  type TObjectType,
  type TParsedCommand,
  type TPendingOperation,
  type TProcessCommandResponse,
  type TRecordView,
} from '@pipewise/contract/assistant';
import type { DbOrTx } from '../../../db/client';
import type { AccessRules, Caller } from '../../access/access-rules';
import { assertCan, can } from '../../access/policies';
import type { CompaniesService } from '../../companies/companies-service';
import type { ContactsService } from '../../contacts/contacts-service';
import type { DealsService } from '../../deals/deals-service';
import type { CrmOwnerReads } from '../../hubspot/crm-owner-reads';
import type { UsersRepo } from '../../users/users-repo';
import type { CrmRemote } from './confirm-service';
import { COMMAND_TEXTS, createQuestion, updateQuestion } from './command-messages';
import type { GazetteerLoader } from '../understanding/gazetteer-loader';
import { COMMAND_EXAMPLES, parseCommand, resolveNames } from './command-parser';
import { candidatesOf, recordEntry } from './name-resolution';
import { zoneOrUtc } from '../questions/time-zone';
import { resolveDeal, type Resolved } from './deal-resolver';
import { looksLikeDomain, looksLikeEmail, splitName, type CommandProblem, type PropertyValue } from './field-values';
import { ownerCandidates } from './owner-directory';
import type { PendingOperationRecord, PendingOperationsRepo } from './pending-operations-repo';
import { findRecords } from './record-finder';
import { resolveCompany, resolveContact } from './record-resolver';
import { companyView, contactView, dealView } from './record-views';
import { readTaskCommand, type TaskCommand } from './task-command';
import { TASK_COMMAND_TEXTS, taskChanges, taskQuestion } from './task-command-messages';

export type CommandDeps = {
  db: DbOrTx;
  deals: DealsService;
  companies: CompaniesService;
  contacts: ContactsService;
  users: Pick<UsersRepo, 'listInOrg'>;
  /** The HubSpot module's CRM owners (a deal may name one that has no account here). */
  crmOwners: Pick<CrmOwnerReads, 'inWorkspace'>;
  access: Pick<AccessRules, 'canSeeUser'>;
  pending: PendingOperationsRepo;
  /** Each caller's names (deals, companies, contacts, people, pipelines, stages they may see); without it names are read as typed. */
  gazetteers?: Pick<GazetteerLoader, 'forCaller'>;
  /** The workspace's HubSpot, when it has one (a hubId in the query must name its portal). */
  remote?: Pick<CrmRemote, 'checkPortal'>;
  now?: () => Date;
};

export type ProcessAnswer = { statusCode: 200 | 404; body: TProcessCommandResponse };
type Query = { command: string; email?: string; hubId?: string; userId?: string };
/** How the command was sent: the caller's IANA time zone ('tomorrow' is tomorrow there; UTC without it). */
export type CommandOptions = { timeZone?: string };

const NAME_PROPERTIES: Record<TObjectType, string[]> = { deal: ['dealname'], company: ['name'], contact: ['firstname', 'lastname'] };

const answer = (
  status: TProcessCommandResponse['status'],
  message: string,
  parsed: TParsedCommand,
  extra: Partial<TProcessCommandResponse['data']> = {},
) => ({
  status,
  message,
  data: { parsed_command: parsed, pending_operation: null, results: [], problems: [], ...extra },
});

const pendingView = (op: PendingOperationRecord): TPendingOperation => ({
  id: op.id,
  operation: op.operation,
  object_type: op.objectType,
  identifier: op.identifier,
  record_id: op.recordId,
  changes: op.changes.map(({ property, label, value }) => ({ property, label, value })),
  expires_at: op.expiresAt.toISOString(),
});

/** The properties a create of the named record starts from, when an update named a record that does not exist. */
function createPropertiesFor(type: TObjectType, identifier: string, props: Record<string, PropertyValue>): Record<string, PropertyValue> {
  if (type === 'deal') return { dealname: identifier, ...props };
  if (type === 'company')
    return looksLikeDomain(identifier) ? { name: identifier, domain: identifier.toLowerCase(), ...props } : { name: identifier, ...props };
  if (looksLikeEmail(identifier)) return { firstname: identifier.split('@')[0]!, email: identifier.toLowerCase(), ...props };
  return { ...splitName(identifier), ...props };
}

/**
 * POST /api/command/process-command: reads a command, resolves it against what the caller can
 * see, and answers with a pending operation to confirm. It never writes CRM data (decision 9):
 * the only row it adds is the pending operation itself.
 */
export function createCommandService(deps: CommandDeps) {
  const now = deps.now ?? (() => new Date());

  async function resolve(
    caller: Caller,
    type: TObjectType,
    props: Record<string, PropertyValue>,
    current: TRecordViewSource | null,
  ): Promise<Resolved> {
    if (type === 'deal') {
      return resolveDeal(
        props,
        {
          pipelines: () => deps.deals.pipelines(caller),
          owners: () => ownerCandidates(deps.crmOwners, deps.users, caller.organizationId),
          canAssign: async (userId) =>
            can(caller, 'deal.assign', { ownerId: userId, ownerSeen: await deps.access.canSeeUser(caller, userId) }),
        },
        current?.type === 'deal' ? current.record : null,
      );
    }
    if (type === 'company') return resolveCompany(props, current?.type === 'company' ? current.record : null);
    const search = async (text: string) =>
      (await deps.companies.searchAs(caller, text, 20)).map((c) => ({ id: c.id, name: c.name, domain: c.domain }));
    if (current?.type !== 'contact') return resolveContact(props, search, null);
    const companyName = current.record.companyId ? ((await deps.companies.findAs(caller, current.record.companyId))?.name ?? null) : null;
    return resolveContact(props, search, { ...current.record, companyName });
  }

  const invalid = (parsed: TParsedCommand, problems: CommandProblem[], prefix = '') =>
    answer('invalid', `${prefix}${problems.map((p) => p.message).join(' ')}`, parsed, { problems });

  async function pendingCreate(caller: Caller, type: TObjectType, identifier: string, resolved: Resolved) {
    return deps.pending.insert({
      organizationId: caller.organizationId,
      userId: caller.id,
      operation: 'create',
      objectType: type,
      identifier,
      recordId: null,
      recordVersion: null,
      recordUpdatedAt: null,
      values: resolved.values,
      changes: resolved.changes,
      ttlMs: PENDING_OPERATION_TTL_MS,
    });
  }

  return {
    async process(caller: Caller, query: Query, options: CommandOptions = {}): Promise<ProcessAnswer> {
      // Identity comes from the session (decision 3): the query may only name the caller.
      assertCan(caller, 'self.act', { email: query.email, userId: query.userId });
      await deps.remote?.checkPortal(caller.organizationId, query.hubId);
      const names = await deps.gazetteers?.forCaller(caller);
      const task = readTaskCommand(query.command, { now: now(), timeZone: zoneOrUtc(options.timeZone), names });
      if (task) return decideTask(caller, task);
      const { parsed, problems, typedIdentifier } = parseCommand(query.command, {
        now: now(),
        timeZone: zoneOrUtc(options.timeZone),
        names,
      });
      // The parser read the names against the caller's already: no second read of them.
      return decide(caller, parsed, problems, typedIdentifier);
    },

    /**
     * A command already read into the spec's parsed_command by another reader (a language model's
     * tool call), with the problems it found: its names read against the caller's, then resolved and
     * answered with a pending operation, exactly as a typed command is.
     */
    async processParsed(caller: Caller, read: TParsedCommand, problems: CommandProblem[] = []): Promise<ProcessAnswer> {
      const parsed = problems.length ? read : await withNames(caller, read);
      const typed = parsed.identifier !== read.identifier && read.identifier ? read.identifier : undefined;
      return decide(caller, parsed, problems, typed);
    },
  };

  /**
   * A command read into the spec's parsed_command with its names resolved: checked against what the
   * caller can see and answered with a pending operation. `typedIdentifier` is the name as typed,
   * used when the resolved name is no longer visible.
   */
  async function decide(
    caller: Caller,
    parsed: TParsedCommand,
    problems: CommandProblem[],
    typedIdentifier?: string,
  ): Promise<ProcessAnswer> {
    const type = parsed.object_type;
    // Tasks are read from the text only (readTaskCommand); another reader's task is not understood.
    if (!parsed.operation || !type || type === 'task')
      return { statusCode: 200, body: answer('not_understood', COMMAND_TEXTS.help, parsed) };
    // The text parser always names a record or says why not; another reader may forget to.
    const unnamed = parsed.identifier?.trim()
      ? []
      : [{ property: 'identifier', message: `Please name the ${type}, e.g. ${COMMAND_EXAMPLES[type][parsed.operation]}` }];
    if (problems.length || unnamed.length) return { statusCode: 200, body: invalid(parsed, problems.length ? problems : unnamed) };
    await deps.pending.pruneExpired(caller.id);

    if (parsed.operation === 'create') {
      const resolved = await resolve(caller, type, parsed.properties, null);
      if (resolved.problems.length)
        return { statusCode: 200, body: invalid(shown(parsed, parsed.identifier!, resolved), resolved.problems) };
      const op = await pendingCreate(caller, type, parsed.identifier!, resolved);
      const message = createQuestion(type, parsed.identifier!, resolved.changes, NAME_PROPERTIES[type]);
      return {
        statusCode: 200,
        body: answer('confirm', message, shown(parsed, parsed.identifier!, resolved), { pending_operation: pendingView(op) }),
      };
    }

    let identifier = parsed.identifier!;
    const found = await findRecords(deps, caller, type, identifier);
    if (found.records.length === 0) {
      // A name the caller's (briefly cached) names resolved but they can no longer see: as typed.
      if (typedIdentifier !== undefined) parsed = { ...parsed, identifier: (identifier = typedIdentifier) };
      // The spec's flow: "No deal found. Would you like to create it?", and a yes creates it.
      const resolved = await resolve(caller, type, createPropertiesFor(type, identifier, parsed.properties), null);
      if (resolved.problems.length)
        return {
          statusCode: 200,
          body: invalid(shown(parsed, identifier, resolved), resolved.problems, `No ${type} "${identifier}" found. `),
        };
      const op = await pendingCreate(caller, type, identifier, resolved);
      const message = COMMAND_TEXTS.notFound(type);
      return {
        statusCode: 404,
        body: {
          ...answer('not_found', message, shown(parsed, identifier, resolved), { pending_operation: pendingView(op) }),
          detail: message,
        },
      };
    }
    if (found.records.length > 1) {
      const results = viewsOf(found);
      return { statusCode: 200, body: answer('select', COMMAND_TEXTS.select(type, identifier, results.length), parsed, { results }) };
    }
    const current = sourceOf(found);
    const resolved = await resolve(caller, type, parsed.properties, current);
    if (resolved.problems.length) return { statusCode: 200, body: invalid(shown(parsed, identifier, resolved), resolved.problems) };
    const name =
      current.type === 'deal'
        ? current.record.dealname
        : current.type === 'company'
          ? current.record.name
          : `${current.record.firstname} ${current.record.lastname}`.trim();
    const op = await deps.pending.insert({
      organizationId: caller.organizationId,
      userId: caller.id,
      operation: 'update',
      objectType: type,
      identifier: name,
      recordId: current.type === 'deal' ? current.record.deal_id : current.record.id,
      recordVersion: current.type === 'deal' ? current.record.version : null,
      recordUpdatedAt: current.type === 'deal' ? null : current.record.updatedAt,
      values: resolved.values,
      changes: resolved.changes,
      ttlMs: PENDING_OPERATION_TTL_MS,
    });
    return {
      statusCode: 200,
      body: answer('confirm', updateQuestion(type, name, resolved.changes), shown(parsed, name, resolved), {
        pending_operation: pendingView(op),
      }),
    };
  }

  /** "Remind me to ...": a pending create of the caller's own task, confirmed with the usual yes/no. */
  async function decideTask(caller: Caller, task: TaskCommand): Promise<ProcessAnswer> {
    const parsed: TParsedCommand = {
      operation: 'create',
      object_type: 'task',
      identifier: task.title || null,
      properties: {
        due_date: task.dueDate,
        due_time: task.dueTime,
        ...(task.record ? { record_type: task.record.type, record_id: task.record.id, record: task.record.name } : {}),
      },
    };
    if (!task.title) {
      const problems = [{ property: 'identifier', message: TASK_COMMAND_TEXTS.untitled }];
      return { statusCode: 200, body: invalid(parsed, problems) };
    }
    await deps.pending.pruneExpired(caller.id);
    const changes = taskChanges(task);
    const op = await deps.pending.insert({
      organizationId: caller.organizationId,
      userId: caller.id,
      operation: 'create',
      objectType: 'task',
      identifier: task.title,
      recordId: null,
      recordVersion: null,
      recordUpdatedAt: null,
      values: {
        title: task.title,
        due_date: task.dueDate,
        due_time: task.dueTime,
        record_type: task.record?.type ?? null,
        record_id: task.record?.id ?? null,
      },
      changes,
      ttlMs: PENDING_OPERATION_TTL_MS,
    });
    return {
      statusCode: 200,
      body: answer('confirm', taskQuestion(task.title, changes), parsed, { pending_operation: pendingView(op) }),
    };
  }

  /**
   * A command from another reader (a language model's tool call) with its names read against the
   * caller's, as typed commands are: "Sales" is the pipeline "Sales Pipeline", "priya" the owner's
   * email, a misspelt deal name the deal's exact name.
   */
  async function withNames(caller: Caller, parsed: TParsedCommand): Promise<TParsedCommand> {
    const names = await deps.gazetteers?.forCaller(caller);
    if (!names || !parsed.object_type || parsed.object_type === 'task') return parsed;
    const properties = { ...parsed.properties };
    for (const property of ['pipeline', 'dealstage', 'dealowner', 'company']) resolveNames(names, property, properties, null);
    let identifier = parsed.identifier;
    if (parsed.operation === 'update' && identifier?.trim() && !/^#\d+$/.test(identifier.trim())) {
      identifier = recordEntry(parsed.object_type, candidatesOf(names, identifier, null))?.label ?? identifier;
    }
    return { ...parsed, identifier, properties };
  }
}

/**
 * parsed_command as the confirmation shows it: the record's exact name and the resolved values
 * (pipeline and stage labels, the owner's email, the company's name), so a yes runs what was read.
 */
function shown(parsed: TParsedCommand, identifier: string, resolved: Resolved): TParsedCommand {
  return { ...parsed, identifier, properties: { ...parsed.properties, ...resolved.canonical } };
}

type TRecordViewSource = ReturnType<typeof sourceOf>;

function sourceOf(found: Awaited<ReturnType<typeof findRecords>>) {
  if (found.type === 'deal') return { type: 'deal' as const, record: found.records[0]! };
  if (found.type === 'company') return { type: 'company' as const, record: found.records[0]! };
  return { type: 'contact' as const, record: found.records[0]! };
}

function viewsOf(found: Awaited<ReturnType<typeof findRecords>>): TRecordView[] {
  if (found.type === 'deal') return found.records.map(dealView);
  if (found.type === 'company') return found.records.map(companyView);
  return found.records.map((c) => contactView(c, null));
}

export type CommandService = ReturnType<typeof createCommandService>;
