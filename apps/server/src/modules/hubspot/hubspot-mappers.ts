import type { TFieldDefinition } from '@pipewise/contract/integrations';
import type { THsObject, THsOwner, THsPipeline, THsProperty } from '../../adapters/hubspot/hubspot-schemas';

/** The HubSpot properties each import reads. */
export const HS_PROPERTIES = {
  companies: ['name', 'domain', 'industry', 'city', 'phone', 'hubspot_owner_id', 'hs_lastmodifieddate'],
  contacts: ['firstname', 'lastname', 'email', 'phone', 'jobtitle', 'hubspot_owner_id', 'lastmodifieddate'],
  deals: ['dealname', 'amount', 'closedate', 'pipeline', 'dealstage', 'hubspot_owner_id', 'hs_next_step', 'hs_lastmodifieddate'],
} as const;

export type MappedStage = {
  externalId: string;
  label: string;
  displayOrder: number;
  probability: number | null;
  isClosed: boolean;
  isWon: boolean;
};
export type MappedPipeline = { externalId: string; label: string; displayOrder: number; stages: MappedStage[] };
export type MappedOwner = { externalId: string; name: string; email: string | null; externalUserId: string | null };
export type MappedCompany = {
  externalId: string;
  name: string;
  domain: string | null;
  industry: string | null;
  city: string | null;
  phone: string | null;
  ownerExternalId: string | null;
};
export type MappedContact = {
  externalId: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  ownerExternalId: string | null;
};
export type MappedDeal = {
  externalId: string;
  dealname: string;
  pipelineExternalId: string | null;
  stageExternalId: string | null;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  ownerExternalId: string | null;
};

/** A property's text, trimmed; blank is absent. */
const text = (o: THsObject, name: string): string | null => {
  const v = o.properties[name];
  if (v === null || v === undefined) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

export function mapPipeline(p: THsPipeline): MappedPipeline {
  return {
    externalId: p.id,
    label: p.label,
    displayOrder: p.displayOrder,
    stages: p.stages
      .filter((s) => !s.archived)
      .map((s) => {
        const probability = Number(s.metadata.probability);
        const hasProbability = s.metadata.probability != null && s.metadata.probability !== '' && Number.isFinite(probability);
        const isClosed = s.metadata.isClosed === 'true';
        return {
          externalId: s.id,
          label: s.label,
          displayOrder: s.displayOrder,
          probability: hasProbability ? Math.round(Math.min(1, Math.max(0, probability)) * 100) : null,
          isClosed,
          isWon: isClosed && hasProbability && probability >= 1,
        };
      }),
  };
}

export function mapOwner(o: THsOwner): MappedOwner {
  const email = o.email?.trim().toLowerCase() || null;
  const name = [o.firstName, o.lastName]
    .map((n) => n?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const externalUserId = o.userId === null || o.userId === undefined ? null : String(o.userId);
  return { externalId: o.id, name: name || email || `HubSpot owner ${o.id}`, email, externalUserId };
}

export function mapCompany(o: THsObject): MappedCompany {
  const domain = text(o, 'domain')?.toLowerCase() ?? null;
  return {
    externalId: o.id,
    name: text(o, 'name') ?? domain ?? `Company ${o.id}`,
    domain,
    industry: text(o, 'industry'),
    city: text(o, 'city'),
    phone: text(o, 'phone'),
    ownerExternalId: text(o, 'hubspot_owner_id'),
  };
}

export function mapContact(o: THsObject): MappedContact {
  const email = text(o, 'email')?.toLowerCase() ?? null;
  return {
    externalId: o.id,
    firstname: text(o, 'firstname') ?? email ?? `Contact ${o.id}`,
    lastname: text(o, 'lastname') ?? '',
    email,
    phone: text(o, 'phone'),
    jobtitle: text(o, 'jobtitle'),
    ownerExternalId: text(o, 'hubspot_owner_id'),
  };
}

/** HubSpot amounts are text: a plain decimal is kept (2 places), anything else is no amount. */
export function amountOf(value: string | null): string | null {
  if (value === null) return null;
  const v = value.replace(/,/g, '');
  if (!/^-?\d{1,16}(\.\d+)?$/.test(v)) return null;
  return Number(v).toFixed(2);
}

/** A close date as the deals table keeps it (YYYY-MM-DD, UTC): from ISO text or epoch milliseconds. */
export function closeDateOf(value: string | null): string | null {
  if (value === null) return null;
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

export function mapDeal(o: THsObject): MappedDeal {
  return {
    externalId: o.id,
    dealname: text(o, 'dealname') ?? `Deal ${o.id}`,
    pipelineExternalId: text(o, 'pipeline'),
    stageExternalId: text(o, 'dealstage'),
    amount: amountOf(text(o, 'amount')),
    closedate: closeDateOf(text(o, 'closedate')),
    nextsteps: text(o, 'hs_next_step'),
    ownerExternalId: text(o, 'hubspot_owner_id'),
  };
}

/** A HubSpot property definition as GET /api/auth/fields answers it. */
export function mapProperty(p: THsProperty): TFieldDefinition {
  return {
    name: p.name,
    label: p.label,
    type: p.type,
    field_type: p.fieldType,
    group_name: p.groupName ?? null,
    description: p.description?.trim() || null,
    options: p.options.map((o) => ({ label: o.label, value: o.value })),
    read_only: p.modificationMetadata?.readOnlyValue ?? false,
  };
}
