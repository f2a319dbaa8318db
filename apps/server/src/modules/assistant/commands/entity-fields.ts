import type { TObjectType } from '@pipewise/contract/assistant';

/** How a property's value is read from the command's words. */
export type ValueKind = 'text' | 'freetext' | 'amount' | 'date' | 'email' | 'phone' | 'domain' | 'name';

export type FieldSpec = {
  property: string;
  kind: ValueKind;
  /** Words that name the property in a command, longest first when matched. */
  aliases: string[];
  /** Prepositions ("at", "from", "as") that only count once the object type is known. */
  weak?: string[];
  /**
   * Names only read in "change the deal stage of X to Y": after a deal's name they would eat its
   * last word ("update deal Nowhere Deal amount 3 lakh" names the deal "Nowhere Deal").
   */
  formOnly?: string[];
};

/**
 * The CRM properties a command can set, per object type, with the words people use for them.
 * `name` on a contact is split into firstname and lastname by the parser.
 */
export const ENTITY_FIELDS: Record<TObjectType, FieldSpec[]> = {
  deal: [
    { property: 'dealname', kind: 'text', aliases: ['dealname', 'name'], formOnly: ['deal name'] },
    {
      property: 'amount',
      kind: 'amount',
      aliases: ['amount', 'amt', 'amnt', 'value', 'budget', 'worth', 'size'],
      formOnly: ['deal value', 'deal amount', 'deal size'],
    },
    { property: 'dealstage', kind: 'text', aliases: ['dealstage', 'stage'], formOnly: ['deal stage'] },
    { property: 'pipeline', kind: 'text', aliases: ['pipeline'] },
    {
      property: 'closedate',
      kind: 'date',
      // Reps' shorthand too: 'cls date', 'close dt'.
      aliases: [
        'expected close date',
        'close date',
        'closing date',
        'closedate',
        'close',
        'closes',
        'closing',
        'due date',
        'cls date',
        'close dt',
        'closing dt',
        'cls dt',
      ],
    },
    {
      property: 'dealowner',
      kind: 'text',
      aliases: ['dealowner', 'owner', 'owned by', 'assigned to', 'assign to', 'assignee'],
      formOnly: ['deal owner'],
    },
    {
      property: 'nextsteps',
      kind: 'freetext',
      aliases: ['next steps', 'next step', 'nextsteps', 'nextstep', 'nxt steps', 'nxt step', 'nxt stps', 'nxt stp', 'next stp'],
    },
    { property: 'kdm', kind: 'freetext', aliases: ['key decision maker', 'decision maker', 'decision mkr', 'kdm'] },
    { property: 'painpoints', kind: 'freetext', aliases: ['pain points', 'pain point', 'painpoints', 'pain pts', 'pain pt'] },
    { property: 'summary', kind: 'freetext', aliases: ['summary'] },
  ],
  company: [
    { property: 'name', kind: 'text', aliases: ['company name', 'name'] },
    { property: 'domain', kind: 'domain', aliases: ['domain', 'website', 'web site', 'site', 'url'] },
    { property: 'industry', kind: 'text', aliases: ['industry', 'sector', 'vertical'] },
    { property: 'city', kind: 'text', aliases: ['city', 'location', 'based in', 'located in'] },
  ],
  contact: [
    { property: 'name', kind: 'name', aliases: ['full name', 'name'] },
    { property: 'firstname', kind: 'text', aliases: ['first name', 'firstname', 'given name'] },
    { property: 'lastname', kind: 'text', aliases: ['last name', 'lastname', 'surname', 'family name'] },
    { property: 'email', kind: 'email', aliases: ['email address', 'email', 'e-mail', 'mail'] },
    { property: 'phone', kind: 'phone', aliases: ['phone number', 'mobile number', 'contact number', 'phone', 'mobile', 'cell', 'tel'] },
    { property: 'jobtitle', kind: 'text', aliases: ['job title', 'jobtitle', 'designation', 'title', 'position', 'role'], weak: ['as'] },
    { property: 'company', kind: 'text', aliases: ['company name', 'company', 'employer', 'works at'], weak: ['at', 'from'] },
  ],
};

/** Words for each object type after the verb ("create deal", "update account"). */
export const TYPE_WORDS: Record<TObjectType, string[]> = {
  deal: ['deals', 'deal', 'opportunity', 'opportunities'],
  company: ['companies', 'company', 'accounts', 'account', 'organisation', 'organization', 'org'],
  contact: ['contacts', 'contact', 'person', 'people'],
};

/** How each property is named back to the user, in confirmations and problems. */
export const PROPERTY_LABELS: Record<string, string> = {
  dealname: 'name',
  amount: 'amount',
  dealstage: 'stage',
  pipeline: 'pipeline',
  closedate: 'close date',
  dealowner: 'owner',
  nextsteps: 'next steps',
  kdm: 'KDM',
  painpoints: 'pain points',
  summary: 'summary',
  name: 'name',
  domain: 'domain',
  industry: 'industry',
  city: 'city',
  firstname: 'first name',
  lastname: 'last name',
  email: 'email',
  phone: 'phone',
  jobtitle: 'job title',
  company: 'company',
};

/** The property that names a record of each type. */
export const NAME_PROPERTY: Record<TObjectType, string> = { deal: 'dealname', company: 'name', contact: 'firstname' };

export type AliasMatch = { alias: string; type: TObjectType; field: FieldSpec; weak: boolean };

/** Every alias of the given types, longest first so "close date" beats "close"; `forms` adds the form-only ones. */
export function aliasesFor(types: readonly TObjectType[], withWeak: boolean, forms = false): AliasMatch[] {
  const out: AliasMatch[] = [];
  for (const type of types) {
    for (const field of ENTITY_FIELDS[type]) {
      for (const alias of [...field.aliases, ...(forms ? (field.formOnly ?? []) : [])]) out.push({ alias, type, field, weak: false });
      if (withWeak) for (const alias of field.weak ?? []) out.push({ alias, type, field, weak: true });
    }
  }
  return out.sort((a, b) => b.alias.length - a.alias.length);
}
