import type { CompanyRecord } from '../../companies/companies-repo';
import type { ContactRecord } from '../../contacts/contacts-repo';
import { labelOf } from './command-parser';
import { listOf } from './command-messages';
import type { Resolved } from './deal-resolver';
import type { PropertyValue } from './field-values';

const COMPANY_FIELDS = ['name', 'domain', 'industry', 'city'] as const;
const CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'phone', 'jobtitle'] as const;

/** A company command's properties: plain values, shown beside what the company has now. */
export function resolveCompany(props: Record<string, PropertyValue>, current: CompanyRecord | null): Resolved {
  const out: Resolved = { values: {}, changes: [], problems: [], canonical: {} };
  for (const key of Object.keys(props)) {
    const field = COMPANY_FIELDS.find((f) => f === key);
    if (!field || props[key] === null) continue;
    out.values[field] = String(props[key]);
    out.changes.push({ property: field, label: labelOf(field), value: String(props[key]), previous: current ? current[field] : null });
  }
  return out;
}

export type CompanyMatch = { id: string; name: string; domain: string | null };

/** A contact command's properties; its company by name or domain among the companies the caller can see. */
export async function resolveContact(
  props: Record<string, PropertyValue>,
  companies: (text: string) => Promise<CompanyMatch[]>,
  current: (ContactRecord & { companyName: string | null }) | null,
): Promise<Resolved> {
  const out: Resolved = { values: {}, changes: [], problems: [], canonical: {} };
  for (const key of Object.keys(props)) {
    const value = props[key];
    if (value === null || value === undefined) continue;
    if (key === 'company') {
      const text = String(value);
      const found = await companies(text);
      const exact = found.filter((c) => c.name.toLowerCase() === text.toLowerCase() || c.domain === text.toLowerCase());
      const pick = exact.length === 1 ? exact : found;
      if (pick.length === 0)
        out.problems.push({ property: 'company', message: `No company "${text}" found. Create it first, e.g. create company ${text}` });
      else if (pick.length > 1)
        out.problems.push({
          property: 'company',
          message:
            `"${text}" matches more than one company: ${listOf(pick.slice(0, 5).map((c) => c.name))}. ` +
            'Please give its full name or domain.',
        });
      else {
        out.values.companyId = pick[0]!.id;
        out.canonical.company = pick[0]!.name;
        out.changes.push({ property: 'company', label: 'company', value: pick[0]!.name, previous: current?.companyName ?? null });
      }
      continue;
    }
    const field = CONTACT_FIELDS.find((f) => f === key);
    if (!field) continue;
    out.values[field] = String(value);
    out.changes.push({ property: field, label: labelOf(field), value: String(value), previous: current ? current[field] : null });
  }
  return out;
}
