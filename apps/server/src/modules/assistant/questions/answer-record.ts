import type { TChatSource } from '@pipewise/contract/assistant';
import { clip, count, day, inr, joinWords } from './answer-format';
import { dealSource, dealUrl, dealView, type Answer } from './answer-kit';
import type { Named } from './named-records';
import type { ContactField, DealField } from './record-fields';
import type { Caller } from '../../access/access-rules';
import type { CompanyReads } from '../../companies/company-reads';
import type { ContactDetails, ContactReads } from '../../contacts/contact-reads';
import type { DealReads } from '../../deals/deal-reads';
import type { DealRecord, DealRecordReads } from '../../deals/deal-record-reads';

/** A contact as a question about them is answered. */
export type ContactRecord = Omit<ContactDetails, 'company_id'> & {
  companyId: string | null;
  /** Deals the caller sees that the contact is a stakeholder of. */
  deals: { id: number; dealname: string; position: string | null }[];
};

/** The deals', contacts' and companies' reads the named records are read again through, with the caller's scope. */
export type RecordReads = {
  dealRecords: Pick<DealRecordReads, 'deals' | 'dealsOfContacts' | 'accountDeals'>;
  deals: Pick<DealReads, 'stakeholders'>;
  contacts: Pick<ContactReads, 'byIds'>;
  companies: Pick<CompanyReads, 'byIds'>;
};

/** The named contacts the caller sees, each with the deals they are a stakeholder of. */
async function contactRecords(reads: RecordReads, caller: Caller, contactIds: string[]): Promise<ContactRecord[]> {
  if (contactIds.length === 0) return [];
  const rows = await reads.contacts.byIds(caller, contactIds);
  const links = await reads.dealRecords.dealsOfContacts(caller, contactIds);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    jobtitle: r.jobtitle,
    company: r.company,
    companyId: r.company_id,
    deals: links.filter((l) => l.contact_id === r.id).map((l) => ({ id: Number(l.id), dealname: l.dealname, position: l.position })),
  }));
}

/** How many deals an answer about several named deals (or an account's deals) spells out. */
const SHOWN = 5;

/** An account as a source: linked to its largest deal the caller sees (accounts have no page of their own). */
export const accountSource = (c: { id: string; name: string }, dealId: number | null): TChatSource => ({
  type: 'company',
  id: c.id,
  label: c.name,
  url: dealId === null ? null : dealUrl(dealId),
});

function closeText(d: DealRecord, today: string): string {
  if (!d.closedate) return `${d.dealname} has no close date.`;
  if (d.closed) return `${d.dealname} ${d.won ? 'was won' : 'closed'} (${d.stage}); its close date is ${day(d.closedate)}.`;
  if (d.closedate < today)
    return `${d.dealname} was due to close on ${day(d.closedate)}: that date has passed and it is still open (${d.stage}).`;
  return `${d.dealname} is expected to close on ${day(d.closedate)}.`;
}

/** One field of one deal, as a sentence that names the deal. */
function fieldText(d: DealRecord, f: DealField, today: string, people: Map<number, string[]>): string {
  switch (f) {
    case 'amount':
      return d.amount === null ? `${d.dealname} has no amount yet.` : `${d.dealname} is worth ${inr(d.amount)}.`;
    case 'stage':
      return `${d.dealname} is in ${d.stage} (${d.pipeline} pipeline)${d.closed ? `: it is closed${d.won ? ' and won' : ''}` : ''}.`;
    case 'closedate':
      return closeText(d, today);
    case 'nextsteps':
      return d.nextsteps?.trim() ? `Next step on ${d.dealname}: ${clip(d.nextsteps, 400)}` : `${d.dealname} has no next step recorded.`;
    case 'painpoints':
      return d.painpoints?.trim()
        ? `Pain points on ${d.dealname}: ${clip(d.painpoints, 500)}`
        : `No pain points are recorded on ${d.dealname}.`;
    case 'kdm': {
      const others = people.get(d.id) ?? [];
      const kdm = d.kdm?.trim()
        ? `The key decision maker on ${d.dealname} is ${d.kdm.trim()}.`
        : `No key decision maker is recorded on ${d.dealname}.`;
      return others.length ? `${kdm} Stakeholders: ${others.join('; ')}.` : kdm;
    }
    case 'owner':
      return d.owner ? `${d.dealname} is owned by ${d.owner}.` : `${d.dealname} has no owner.`;
    case 'company':
      return d.company ? `${d.dealname} is with ${d.company}.` : `${d.dealname} is not linked to an account.`;
    case 'summary':
      return overview(d, today);
  }
}

/** The whole deal in a few lines. */
function overview(d: DealRecord, today: string): string {
  const lines = [
    `${d.dealname}${d.company ? ` (${d.company})` : ''}: ${inr(d.amount)}, ${d.stage} (${d.pipeline}), ${
      d.closedate ? `${d.closed ? 'closed' : d.closedate < today ? 'was due' : 'closes'} ${day(d.closedate)}` : 'no close date'
    }, owner ${d.owner ?? 'none'}.`,
  ];
  if (d.nextsteps?.trim()) lines.push(`Next step: ${clip(d.nextsteps, 300)}`);
  if (d.painpoints?.trim()) lines.push(`Pain points: ${clip(d.painpoints, 300)}`);
  if (d.kdm?.trim()) lines.push(`Key decision maker: ${d.kdm.trim()}`);
  if (d.summary?.trim()) lines.push(`Summary: ${clip(d.summary, 400)}`);
  return lines.join('\n');
}

async function stakeholdersOf(reads: RecordReads, deals: DealRecord[], fields: DealField[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!fields.includes('kdm')) return out;
  for (const p of await reads.deals.stakeholders(deals.map((d) => d.id))) {
    out.set(p.dealId, [
      ...(out.get(p.dealId) ?? []),
      `${p.name}${p.position ? `, ${p.position}` : ''}${p.jobtitle ? ` (${p.jobtitle})` : ''}`,
    ]);
  }
  return out;
}

/** The fields asked of the named deals (several when several share the name). */
export async function answerDealFields(
  reads: RecordReads,
  caller: Caller,
  dealIds: string[],
  fields: DealField[],
  today: string,
): Promise<Answer> {
  const deals = await reads.dealRecords.deals(caller, dealIds);
  if (deals.length === 0) return { text: 'I could not find that deal among the deals you can see.', sources: [], results: [] };
  const asked = fields.length ? fields : (['summary'] as DealField[]);
  const people = await stakeholdersOf(reads, deals, asked);
  const about = (d: DealRecord) => asked.map((f) => fieldText(d, f, today, people)).join('\n');
  const shown = deals.slice(0, SHOWN);
  const sameName = new Set(deals.map((d) => d.dealname)).size === 1;
  const text =
    shown.length === 1
      ? about(shown[0]!)
      : [
          `${count(deals.length, 'deal')} you can see ${sameName ? `are named ${deals[0]!.dealname}` : 'match'}:`,
          ...shown.map((d) => `- ${about(d).replace(/\n/g, '\n  ')} (${inr(d.amount)}, ${d.stage}, owner ${d.owner ?? 'none'})`),
        ].join('\n');
  return { text, sources: shown.map(dealSource), results: shown.map(dealView) };
}

/** An account named without one of its deals: its deals the caller sees, with the fields asked (or an overview). */
export async function answerAccount(
  reads: RecordReads,
  caller: Caller,
  companies: Named[],
  fields: DealField[],
  today: string,
): Promise<Answer> {
  const accounts = await reads.companies.byIds(
    caller,
    companies.map((c) => c.id),
  );
  if (accounts.length === 0) return { text: 'I could not find that account among the accounts you can see.', sources: [], results: [] };
  const names = joinWords(accounts.map((c) => c.name));
  const set = await reads.dealRecords.accountDeals(
    caller,
    accounts.map((c) => c.id),
    SHOWN,
  );
  const sources = [
    ...accounts.map((c) => accountSource(c, set.deals.find((d) => d.companyId === c.id)?.id ?? null)),
    ...set.deals.map(dealSource),
  ];
  if (set.total === 0) return { text: `${names}: you have no deals you can see with this account.`, sources, results: [] };
  // One deal: the account's deal is the deal asked about.
  if (set.total === 1 && fields.length) {
    const one = await answerDealFields(reads, caller, [String(set.deals[0]!.id)], fields, today);
    return { ...one, sources: [...sources.slice(0, accounts.length), ...one.sources] };
  }
  const head = `${names}: ${count(set.total, 'deal')} you can see, ${set.open} open worth ${inr(set.open_amount)}${
    set.won ? `, ${set.won} won worth ${inr(set.won_amount)}` : ''
  }.`;
  const people = await stakeholdersOf(reads, set.deals, fields);
  const line = (d: DealRecord) => {
    const closes = d.closedate ? `, ${d.closed ? 'closed' : 'closes'} ${day(d.closedate)}` : '';
    const facts = `${inr(d.amount)}, ${d.stage}${closes}, owner ${d.owner ?? 'none'}`;
    if (!fields.length || (fields.length === 1 && fields[0] === 'summary')) return `- ${d.dealname}: ${facts}`;
    const asked = fields
      .filter((f) => f !== 'summary')
      .map((f) => fieldText(d, f, today, people).replace(new RegExp(`(^|\\bon |\\bof )${escapeRe(d.dealname)}:?\\s*`), '$1'));
    return `- ${d.dealname} (${facts}): ${asked.join(' ')}`;
  };
  const more = set.total - set.deals.length;
  const text = [
    head,
    `${set.deals.length < set.total ? `The ${set.deals.length} largest` : 'The deals'}, open first:`,
    ...set.deals.map(line),
    ...(more > 0 ? [`…and ${count(more, 'more deal')}.`] : []),
  ].join('\n');
  return { text, sources, results: set.deals.map(dealView) };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contact: who they are, how to reach them, the deals they are on. */
export async function answerContact(reads: RecordReads, caller: Caller, named: Named[], fields: ContactField[]): Promise<Answer> {
  const contacts = await contactRecords(
    reads,
    caller,
    named.map((n) => n.id),
  );
  if (contacts.length === 0) return { text: 'I could not find that contact among the contacts you can see.', sources: [], results: [] };
  const lines = contacts.slice(0, 3).map((c) => contactText(c, fields));
  const sources: TChatSource[] = contacts
    .slice(0, 3)
    .flatMap((c) => [
      { type: 'contact' as const, id: c.id, label: c.name, url: c.deals[0] ? dealUrl(c.deals[0].id) : null },
      ...c.deals.slice(0, 3).map(dealSource),
    ]);
  return { text: lines.join('\n'), sources, results: [] };
}

function contactText(c: ContactRecord, fields: ContactField[]): string {
  const who = `${c.name}${c.jobtitle ? `, ${c.jobtitle}` : ''}${c.company ? ` at ${c.company}` : ''}`;
  const parts: string[] = [];
  const all = fields.includes('overview');
  if (all || fields.includes('jobtitle') || fields.includes('company')) parts.push(`${who}.`);
  if (all || fields.includes('email')) parts.push(c.email ? `Email: ${c.email}.` : `${c.name} has no email recorded.`);
  if (all || fields.includes('phone')) parts.push(c.phone ? `Phone: ${c.phone}.` : `${c.name} has no phone number recorded.`);
  if (all || fields.includes('deals'))
    parts.push(
      c.deals.length
        ? `Deals: ${c.deals
            .slice(0, 5)
            .map((d) => `${d.dealname}${d.position ? ` (${d.position})` : ''}`)
            .join('; ')}.`
        : `${c.name} is not on any deal you can see.`,
    );
  if (!parts.length) parts.push(`${who}.`);
  if (!parts[0]!.includes(c.name)) parts.unshift(`${c.name}:`);
  return parts.join(' ');
}
