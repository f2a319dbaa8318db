import type { TFieldDefinition, TFieldsResponse } from '@pipewise/contract/integrations';
import type { HsObjectType, HubspotCrm } from '../../adapters/hubspot/hubspot-client';
import { HttpError } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { mapProperty } from './hubspot-mappers';
import type { HubspotConnectionsRepo } from './hubspot-connections-repo';
import type { HubspotSessions } from './hubspot-sessions';

const field = (name: string, label: string, type: string, field_type: string, read_only = false): TFieldDefinition => ({
  name,
  label,
  type,
  field_type,
  group_name: null,
  description: null,
  options: [],
  read_only,
});

/** The built-in CRM's fields, named as HubSpot names them so commands read the same on both sources. */
const BUILTIN: Record<HsObjectType, TFieldDefinition[]> = {
  deals: [
    field('dealname', 'Deal Name', 'string', 'text'),
    field('amount', 'Amount', 'number', 'number'),
    field('closedate', 'Close Date', 'date', 'date'),
    field('pipeline', 'Pipeline', 'enumeration', 'select'),
    field('dealstage', 'Deal Stage', 'enumeration', 'select'),
    field('hubspot_owner_id', 'Deal Owner', 'enumeration', 'select'),
    field('nextsteps', 'Next Steps', 'string', 'textarea'),
    field('kdm', 'Key Decision Maker', 'string', 'text'),
    field('painpoints', 'Pain Points', 'string', 'textarea'),
  ],
  companies: [
    field('name', 'Company Name', 'string', 'text'),
    field('domain', 'Company Domain Name', 'string', 'text'),
    field('industry', 'Industry', 'string', 'text'),
    field('city', 'City', 'string', 'text'),
    field('hubspot_owner_id', 'Company Owner', 'enumeration', 'select'),
  ],
  contacts: [
    field('firstname', 'First Name', 'string', 'text'),
    field('lastname', 'Last Name', 'string', 'text'),
    field('email', 'Email', 'string', 'text'),
    field('phone', 'Phone Number', 'string', 'phonenumber'),
    field('jobtitle', 'Job Title', 'string', 'text'),
    field('hubspot_owner_id', 'Contact Owner', 'enumeration', 'select'),
  ],
};

/** GET /api/auth/fields: the property definitions of the workspace's CRM source. */
export function createCrmFields(deps: {
  connections: Pick<HubspotConnectionsRepo, 'workspace'>;
  sessions: Pick<HubspotSessions, 'forWorkspace'>;
  crm: Pick<HubspotCrm, 'properties'>;
}) {
  return {
    async list(caller: Caller, type: HsObjectType): Promise<TFieldsResponse> {
      const workspace = await deps.connections.workspace(caller.organizationId);
      if (!workspace) return { source: 'builtin', property_type: type, data: BUILTIN[type] };
      try {
        const properties = await deps.crm.properties(await deps.sessions.forWorkspace(caller.organizationId), type);
        return { source: 'hubspot', property_type: type, data: properties.filter((p) => !p.hidden).map(mapProperty) };
      } catch {
        throw new HttpError(502, 'Could not read the fields from HubSpot. Please try again.');
      }
    },
  };
}

export type CrmFields = ReturnType<typeof createCrmFields>;
