import type { TRecordView } from '@pipewise/contract/assistant';

/** A message time as hour and minute in US English, e.g. '02:05 PM'. */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
}

/** The success line when the server sends none: 'Deal created successfully!' or the generic text. */
export function successText(message: string | null | undefined, objectType?: string | null, operation?: string | null): string {
  if (message?.trim()) return message;
  if (!objectType || !operation) return 'Operation successful!';
  return `${objectType.charAt(0).toUpperCase()}${objectType.slice(1)} ${operation}d successfully!`;
}

/** The name a command uses for a record: deal name, company name, a contact's full name or email. */
export function recordName(record: TRecordView): string {
  const p = record.properties;
  const person = [p.firstname, p.lastname].filter(Boolean).join(' ');
  return p.dealname || p.name || person || p.email || p.domain || record.id;
}

/** The text the Update button puts into the input, ready for the changes to be typed. */
export function updateCommandFor(record: TRecordView): string {
  return `update ${record.object_type} ${recordName(record)} `;
}

/** Only app paths and web addresses become links: a source's url never runs script. */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}
