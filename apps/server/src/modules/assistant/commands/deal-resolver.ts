import type { TDeal, TPipeline } from '@pipewise/contract/deals';
import type { PendingChange } from '../../../db/schema/assistant';
import { REFUSAL_MESSAGES } from '../../access/policies';
import { labelOf } from './command-parser';
import { formatInr, listOf } from './command-messages';
import type { CommandProblem, PropertyValue } from './field-values';
import { matchOwner, type OwnerCandidate } from './owner-directory';

/** What a command will write (ids, as the service takes them), what the user is shown, and what could not be resolved. */
export type Resolved = {
  values: Record<string, unknown>;
  changes: PendingChange[];
  problems: CommandProblem[];
  /** The command's properties as resolved, for parsed_command: exact labels, the owner's email, the company's name. */
  canonical: Record<string, PropertyValue>;
};

export type DealLookups = {
  pipelines: () => Promise<TPipeline[]>;
  owners: () => Promise<OwnerCandidate[]>;
  /** Whether the caller may make this user a deal's owner (deals-service's rule: people on their team). */
  canAssign: (userId: string) => Promise<boolean>;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const findPipeline = (all: TPipeline[], value: string) =>
  all.find((p) => same(p.label, value) || same(p.label, `${value} pipeline`) || same(p.pipelineId, value));
const findStage = (p: TPipeline, value: string) => p.stages.find((s) => same(s.label, value) || same(s.stageId, value));

/** Pipeline and stage by label against the workspace's pipelines: a stage named alone may bring its (only) pipeline. */
function resolveStage(all: TPipeline[], props: Record<string, PropertyValue>, current: TDeal | null, out: Resolved): void {
  const named = typeof props.pipeline === 'string' ? props.pipeline : null;
  const stageName = typeof props.dealstage === 'string' ? props.dealstage : null;
  let pipeline = named ? findPipeline(all, named) : undefined;
  if (named && !pipeline) {
    out.problems.push({
      property: 'pipeline',
      message: `I could not find the pipeline "${named}". Known pipelines: ${listOf(all.map((p) => p.label))}.`,
    });
    return;
  }
  const base = pipeline ?? (current ? all.find((p) => p.pipelineId === current.pipeline) : all[0]);
  if (!base) {
    out.problems.push({ property: 'pipeline', message: 'This workspace has no pipelines yet.' });
    return;
  }
  let stage = stageName ? findStage(base, stageName) : undefined;
  if (stageName && !stage && !named) {
    const holders = all.filter((p) => findStage(p, stageName));
    if (holders.length === 1) [pipeline, stage] = [holders[0], findStage(holders[0]!, stageName)];
    else if (holders.length > 1) {
      out.problems.push({
        property: 'dealstage',
        message:
          `The stage "${stageName}" is in more than one pipeline (${listOf(holders.map((p) => p.label))}): ` +
          'please name the pipeline too.',
      });
      return;
    }
  }
  if (stageName && !stage) {
    out.problems.push({
      property: 'dealstage',
      message: `I could not find the stage "${stageName}" in ${base.label}. Known stages: ${listOf(base.stages.map((s) => s.label))}.`,
    });
    return;
  }
  const target = pipeline ?? base;
  const pipelineChanges = !current || target.pipelineId !== current.pipeline;
  if (!stage && current && pipelineChanges) {
    out.problems.push({
      property: 'dealstage',
      message: `Please name the stage in ${target.label} too. Known stages: ${listOf(target.stages.map((s) => s.label))}.`,
    });
    return;
  }
  stage ??= target.stages[0];
  if (!stage) {
    out.problems.push({ property: 'dealstage', message: `The pipeline ${target.label} has no stages.` });
    return;
  }
  if (pipelineChanges || named) out.canonical.pipeline = target.label;
  if (pipelineChanges) {
    out.values.pipeline = target.pipelineId;
    out.changes.push({ property: 'pipeline', label: 'pipeline', value: target.label, previous: current?.pipeline_label ?? null });
  }
  if (!current || stage.stageId !== current.dealstage || stageName) {
    out.canonical.dealstage = stage.label;
    out.values.dealstage = stage.stageId;
    out.changes.push({ property: 'dealstage', label: 'stage', value: stage.label, previous: current?.dealstage_label ?? null });
  }
}

async function resolveOwner(lookups: DealLookups, value: string, current: TDeal | null, out: Resolved): Promise<void> {
  const found = matchOwner(await lookups.owners(), value);
  const problem = (message: string) => out.problems.push({ property: 'dealowner', message });
  if (found.length === 0) return void problem(`I could not find an owner named "${value}". Use their name, first name or email.`);
  if (found.length > 1) {
    return void problem(
      `"${value}" matches more than one person: ` +
        `${listOf(found.map((o) => `${o.name}${o.email ? ` (${o.email})` : ''}`))}. Please use their email.`,
    );
  }
  const owner = found[0]!;
  if (!owner.userId)
    return void problem(`${owner.name} is a CRM owner without a Pipewise account: deals can only be assigned to Pipewise users.`);
  // The person is known even when the caller may not give them the deal: parsed_command names them.
  out.canonical.dealowner = owner.email ?? owner.name;
  if (!(await lookups.canAssign(owner.userId))) {
    return void problem(`${owner.name} is not on your team. ${REFUSAL_MESSAGES.assignDealsToTeam}`);
  }
  out.values.dealowner = owner.userId;
  out.changes.push({ property: 'dealowner', label: 'owner', value: owner.name, previous: current?.owner_name ?? null });
}

const TEXT_FIELDS = {
  dealname: 'dealname',
  nextsteps: 'nextsteps',
  kdm: 'kdm',
  painpoints: 'painpoints',
  summary: 'summary',
  closedate: 'closedate',
} as const;

/** A deal command's properties against the workspace: stage and pipeline labels, the owner, amounts. */
export async function resolveDeal(props: Record<string, PropertyValue>, lookups: DealLookups, current: TDeal | null): Promise<Resolved> {
  const out: Resolved = { values: {}, changes: [], problems: [], canonical: {} };
  let stageDone = false;
  for (const [property, value] of Object.entries(props)) {
    if (value === null) continue;
    if (property === 'pipeline' || property === 'dealstage') {
      if (!stageDone) resolveStage(await lookups.pipelines(), props, current, out);
      stageDone = true;
    } else if (property === 'dealowner') {
      await resolveOwner(lookups, String(value), current, out);
    } else if (property === 'amount' && typeof value === 'number') {
      out.values.amount = String(value);
      out.changes.push({
        property,
        label: labelOf(property),
        value: formatInr(value),
        previous: current?.amount != null ? formatInr(current.amount) : null,
      });
    } else if (property in TEXT_FIELDS) {
      const key = TEXT_FIELDS[property as keyof typeof TEXT_FIELDS];
      out.values[key] = String(value);
      out.changes.push({ property, label: labelOf(property), value: String(value), previous: current ? (current[key] ?? null) : null });
    }
  }
  // A new deal needs a pipeline and a stage: the first of each unless named, and the question says which.
  if (!current && !stageDone) resolveStage(await lookups.pipelines(), props, null, out);
  return out;
}
