import type { TSearchResponse } from '@pipewise/contract/assistant';
import type { SearchRows } from './search-repo';

/** Where each kind of result opens: a company or contact opens its own screen (issue 29). */
export const SEARCH_URLS = {
  deal: (id: string | number) => `/dashboard/deals/${id}`,
  company: (id: string) => `/dashboard/companies/${id}`,
  contact: (id: string) => `/dashboard/contacts/${id}`,
  deals: '/dashboard/deals',
  people: '/dashboard/settings?section=users',
  recording: (id: string) => `/dashboard/meeting/${id}`,
  calendar: '/dashboard/meetings',
} as const;

const INR = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Non-empty parts joined by ' · ', or null when none is left. */
const joined = (...parts: (string | null | undefined)[]): string | null =>
  parts.filter((p): p is string => Boolean(p?.trim())).join(' · ') || null;

/** The deals list's currency style: 'RS 12,50,000' (Intl formats the decimal string exactly). */
const amountLabel = (amount: string | null) => (amount === null ? null : `RS ${INR.format(amount as `${number}`)}`);

/** The response's explicit shapes, picked from the rows. */
export function toHits(rows: SearchRows): TSearchResponse {
  return {
    deals: rows.deals.map((d) => ({
      id: String(d.id),
      label: d.dealname,
      sublabel: joined(d.stage_label, amountLabel(d.amount)),
      url: SEARCH_URLS.deal(d.id),
    })),
    companies: rows.companies.map((c) => ({
      id: c.id,
      label: c.name,
      sublabel: joined(c.domain, c.industry),
      url: SEARCH_URLS.company(c.id),
    })),
    contacts: rows.contacts.map((c) => ({
      id: c.id,
      label: `${c.firstname} ${c.lastname}`.trim() || c.email || 'Contact',
      sublabel: joined(c.email, c.company_name),
      url: SEARCH_URLS.contact(c.id),
    })),
    people: rows.people.map((p) => ({
      id: p.id,
      label: `${p.first_name} ${p.last_name}`.trim() || p.email,
      sublabel: joined(p.email, p.team, p.status === 'active' ? null : 'Deactivated'),
      url: SEARCH_URLS.people,
    })),
    meetings: rows.meetings.map((m) => ({
      id: m.id,
      label: m.title,
      sublabel: joined(m.source === 'recording' ? 'Recording' : 'Calendar', DAY.format(new Date(m.at))),
      url: m.source === 'recording' ? SEARCH_URLS.recording(m.id) : SEARCH_URLS.calendar,
    })),
  };
}
