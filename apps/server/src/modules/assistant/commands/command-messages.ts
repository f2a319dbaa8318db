import type { TCommandObjectType, TObjectType } from '@pipewise/contract/assistant';
import type { PendingChange } from '../../../db/schema/assistant';
import { COMMAND_EXAMPLES } from './command-parser';

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** Rupees with Indian grouping: 250000 -> "2,50,000". */
export const formatInr = (rupees: number | string) => inr.format(Number(rupees));

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a, b and c". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const COMMAND_TEXTS = {
  help:
    'I can create or update deals, companies and contacts. Try: ' +
    `'${COMMAND_EXAMPLES.deal.create}', '${COMMAND_EXAMPLES.deal.update}', ` +
    `'${COMMAND_EXAMPLES.company.update}' or '${COMMAND_EXAMPLES.contact.create}'. ` +
    "I also add to-dos: 'remind me to send the proposal on Friday'.",
  notFound: (type: TObjectType) => `No ${type} found. Would you like to create it?`,
  select: (type: TObjectType, identifier: string, count: number) =>
    `I found ${count} ${type === 'company' ? 'companies' : `${type}s`} matching "${identifier}". Which one do you mean?`,
  used: 'This operation has already been carried out or canceled.',
  expired: 'This confirmation has expired. Please send the command again.',
  missing: 'This confirmation was not found. Please send the command again.',
  changedSince: (type: TObjectType) => `This ${type} was changed since you asked. Please send the command again.`,
  noLongerAllowed: (type: TObjectType) => `You can no longer change this ${type}.`,
  done: (type: TCommandObjectType, operation: 'create' | 'update') => `${capitalize(type)} ${operation}d successfully!`,
  canceled: 'Operation canceled.',
} as const;

/** 'Create deal "Acme renewal" with amount 2,50,000 and stage Discovery?' */
export function createQuestion(type: TObjectType, name: string, changes: PendingChange[], nameProperties: string[]): string {
  const rest = changes.filter((c) => !nameProperties.includes(c.property)).map((c) => `${c.label} ${c.value}`);
  return `Create ${type} "${name}"${rest.length ? ` with ${listOf(rest)}` : ''}?`;
}

/** 'Update deal "Acme renewal": amount 2,50,000 -> 5,00,000?' */
export function updateQuestion(type: TObjectType, name: string, changes: PendingChange[]): string {
  return `Update ${type} "${name}": ${changes.map((c) => `${c.label} ${c.previous ?? 'none'} -> ${c.value}`).join(', ')}?`;
}
