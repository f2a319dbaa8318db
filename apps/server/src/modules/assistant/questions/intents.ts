import type { DateRange } from './periods';

/** The list filters a question can set (the deals list's own: owners, stages, pipelines, close dates, search). */
export type DealFilters = {
  /** User ids. */
  owners: string[];
  /** Stage labels as the workspace spells them. */
  stages: string[];
  /** Pipeline labels. */
  pipelines: string[];
  close: DateRange | null;
  search: string | null;
  /** Open deals only ("rahul's open deals"): closed stages left out. */
  openOnly?: boolean;
};

/** The list intents: a question about a named account keeps them, scoped to that account's deals. */
export const LIST_INTENTS = [
  'closing',
  'pipeline_by',
  'top_owner',
  'largest',
  'no_next_steps',
  'stuck',
  'overdue',
  'last_meeting',
  'account_people',
  'calls',
  /** The open deals with the lowest confidence scores and why (issue 30). */
  'at_risk',
] as const;

export const INTENTS = [
  ...LIST_INTENTS,
  'deal_stats',
  'search',
  /** The caller's own tasks (to-dos): today's with the overdue, the overdue, all open. */
  'tasks',
  /** A named deal's fields; a named account's deals; a named contact. */
  'deal_field',
  'account',
  'contact',
  /** What was said on calls: quotes from the transcripts with links that play them. */
  'said',
  /** How people talk on calls (issue 31): a talk ratio, who talks the most, the questions asked on a call. */
  'coaching',
  /** A name the caller has no record of; a question outside the CRM. */
  'unknown',
  'outside',
] as const;
export type IntentName = (typeof INTENTS)[number];

export const isListIntent = (name: IntentName): boolean => (LIST_INTENTS as readonly IntentName[]).includes(name);

export type Intent =
  | { name: 'closing'; range: DateRange }
  | { name: 'pipeline_by'; by: 'stage' | 'pipeline' | 'owner' }
  | { name: 'top_owner' }
  | { name: 'largest'; limit: number; filters: DealFilters }
  | { name: 'no_next_steps' }
  | { name: 'stuck'; days: number }
  | { name: 'overdue' }
  | { name: 'last_meeting' }
  | { name: 'account_people'; painpoints: boolean; decisionMakers: boolean }
  | { name: 'calls'; day: 'today' | 'tomorrow' }
  | { name: 'at_risk' }
  | { name: 'deal_stats'; measure: 'count' | 'sum' | 'both'; filters: DealFilters }
  | { name: 'search'; text: string };

/** A question as read: what it asks and the account it is about (prefix, context or named in it). */
export type ReadQuestion = { intent: Intent; account: string | null };

/** What the matcher knows of the workspace: people, stage and pipeline labels. */
export type Vocabulary = {
  callerId: string;
  owners: { id: string; firstName: string; lastName: string; email: string }[];
  stages: string[];
  pipelines: string[];
};
