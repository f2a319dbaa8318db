import { onFirstUse } from '../../../lib/first-use';
import type { TActivityChange, TChangeSource } from '@pipewise/contract/activity';
import type { TRecordType } from '@pipewise/contract/notes';
import { formatIsoDay, formatRs } from '../../../lib/format';

/** Field names as the screens label them. */
const FIELD_LABELS: Record<string, string> = {
  dealname: 'Name',
  amount: 'Amount',
  closedate: 'Close date',
  stage_id: 'Stage',
  pipeline_id: 'Pipeline',
  owner_id: 'Owner',
  crm_owner_id: 'Owner',
  company_id: 'Company',
  nextsteps: 'Next steps',
  kdm: 'Decision maker',
  painpoints: 'Pain points',
  summary: 'Summary',
  confidence_score: 'Confidence',
  stakeholder: 'Stakeholders',
  name: 'Name',
  domain: 'Domain',
  industry: 'Industry',
  city: 'City',
  phone: 'Phone',
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  jobtitle: 'Job title',
};

const SOURCE_LABELS: Record<TChangeSource, string> = {
  screen: 'via the screen',
  assistant: 'via the assistant',
  whatsapp: 'via WhatsApp',
  call_suggestion: 'from a call suggestion',
  hubspot_sync: 'via HubSpot sync',
  api: 'via the API',
};

const RECORD_NOUNS: Record<TRecordType, string> = { deal: 'this deal', company: 'this company', contact: 'this contact' };

/** A field's label: known ones as the screens say them, others from the column name ('lead_source' -> 'Lead source'). */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as people read it: amounts in rupees, dates as days; long text cut short. */
export function readableValue(field: string, value: string | null): string {
  if (value === null || value.trim() === '' || value === '[]') return 'empty';
  // A list field (competitors) is kept as a JSON array.
  if (value.startsWith('[')) {
    try {
      const items = JSON.parse(value) as unknown;
      if (Array.isArray(items)) return items.map(String).join(', ');
    } catch {
      // not a list after all: shown as it is
    }
  }
  if (field === 'amount') return formatRs(value);
  if (field === 'closedate') return formatIsoDay(value);
  return value.length > 80 ? `${value.slice(0, 79)}…` : value;
}

/** "Rahul Sharma changed Amount from RS 10,000 to RS 12,500", "Asha Rao created this deal". */
export function describeChange(change: TActivityChange, recordType: TRecordType): string {
  const who = change.actor?.name || (change.source === 'hubspot_sync' ? 'HubSpot' : 'Someone');
  if (change.operation === 'create') return `${who} created ${RECORD_NOUNS[recordType]}`;
  if (change.operation === 'delete') return `${who} deleted ${RECORD_NOUNS[recordType]}`;
  const field = change.field ?? '';
  if (field === 'stakeholder') {
    return change.new_value !== null
      ? `${who} added ${change.new_value} as a stakeholder`
      : `${who} removed ${change.old_value ?? 'a contact'} as a stakeholder`;
  }
  const label = fieldLabel(field);
  if (change.old_value === null || change.old_value === '') return `${who} set ${label} to ${readableValue(field, change.new_value)}`;
  if (change.new_value === null || change.new_value === '')
    return `${who} cleared ${label} (was ${readableValue(field, change.old_value)})`;
  return `${who} changed ${label} from ${readableValue(field, change.old_value)} to ${readableValue(field, change.new_value)}`;
}

const CALL_DAY = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

/** Where a change came from, as the timeline says it: 'via the assistant', 'from the call on 12 Nov 2026'. */
export const sourceLabel = (source: TChangeSource, fromCall?: { at: string } | null): string =>
  fromCall ? `from the call on ${CALL_DAY().format(new Date(fromCall.at))}` : SOURCE_LABELS[source];

/** How long ago, short: 'just now', '5 min ago', '2 h ago', '3 d ago', else the day. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return formatIsoDay(iso.slice(0, 10));
}
