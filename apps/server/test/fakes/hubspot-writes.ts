import { randomBytes } from 'node:crypto';

// As hubspot-server.ts has them (not imported: that file imports this one).
type HsType = 'deals' | 'companies' | 'contacts';
type HsRecord = { id: string; properties: Record<string, string | null>; archived: boolean };

/** The portal's settings a write is checked against (the stand-in's pipelines and owners). */
export type WritePortal = {
  hubId: number;
  pipelines: { id: string; stages: { id: string }[] }[];
  owners: { id: string }[];
  objects: Record<HsType, Map<string, HsRecord>>;
};
type Refusal = { status: number; body: unknown };

/** The properties an app may write, per object (HubSpot's own, read-only ones such as hs_object_id excluded). */
const WRITABLE: Record<HsType, ReadonlySet<string>> = {
  deals: new Set([
    'dealname',
    'amount',
    'closedate',
    'pipeline',
    'dealstage',
    'hubspot_owner_id',
    'hs_next_step',
    'description',
    'dealtype',
  ]),
  companies: new Set(['name', 'domain', 'industry', 'city', 'state', 'country', 'phone', 'description', 'hubspot_owner_id']),
  contacts: new Set(['firstname', 'lastname', 'email', 'phone', 'jobtitle', 'company', 'city', 'hubspot_owner_id']),
};
/** HubSpot's creation rules: a deal needs its name and stage. */
const REQUIRED: Record<HsType, string[]> = { deals: ['dealname', 'dealstage'], companies: [], contacts: [] };

type Problem = { name: string; error: string; message: string };

/**
 * HubSpot's answer to an invalid property write: 400 VALIDATION_ERROR whose message lists each
 * property's problem as JSON after "Property values were not valid: ", as HubSpot sends it.
 */
function invalid(portal: WritePortal, problems: Problem[]): Refusal {
  const list = problems.map((p) => ({
    isValid: false,
    message: p.message,
    error: p.error,
    name: p.name,
    localizedErrorMessage: p.message,
  }));
  return {
    status: 400,
    body: {
      status: 'error',
      message: `Property values were not valid: ${JSON.stringify(list.map((p) => ({ ...p, portalId: portal.hubId })))}`,
      correlationId: randomBytes(8).toString('hex'),
      category: 'VALIDATION_ERROR',
      errors: problems.map((p) => ({ message: p.message, code: p.error, context: { propertyName: [p.name] } })),
    },
  };
}

/**
 * Checks a create (`current` null) or an update of `type` as HubSpot does: only known writable
 * properties, string values, numbers and dates that parse, a pipeline and a stage of that pipeline,
 * an owner of the portal, a well-formed and unused contact email. Answers the refusal, or null.
 */
export function refuseWrite(portal: WritePortal, type: HsType, input: unknown, current: HsRecord | null): Refusal | null {
  const properties = (input as { properties?: unknown } | null)?.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) {
    return invalid(portal, [{ name: 'properties', error: 'INVALID_INPUT', message: 'properties is required' }]);
  }
  const values = properties as Record<string, unknown>;
  const problems: Problem[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (!WRITABLE[type].has(name)) {
      problems.push({ name, error: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` });
    } else if (typeof value !== 'string') {
      problems.push({ name, error: 'INVALID_PROPERTY_VALUE', message: `${JSON.stringify(value)} is not a valid value for ${name}` });
    }
  }
  if (problems.length) return invalid(portal, problems);
  const v = values as Record<string, string>;
  if (current === null) {
    for (const name of REQUIRED[type]) {
      if (!v[name]) problems.push({ name, error: 'REQUIRED_PROPERTY', message: `${name} is required` });
    }
  }
  if (v.amount && !/^-?\d+(\.\d+)?$/.test(v.amount)) {
    problems.push({ name: 'amount', error: 'INVALID_DECIMAL', message: `${v.amount} was not a valid number.` });
  }
  if (v.closedate && !/^\d+$/.test(v.closedate) && Number.isNaN(Date.parse(v.closedate))) {
    problems.push({ name: 'closedate', error: 'INVALID_DATE', message: `${v.closedate} was not a valid long or date.` });
  }
  if (type === 'deals' && (v.pipeline !== undefined || v.dealstage !== undefined)) {
    const pipelineId = v.pipeline || current?.properties.pipeline || 'default';
    const pipeline = portal.pipelines.find((p) => p.id === pipelineId);
    if (!pipeline) {
      problems.push({ name: 'pipeline', error: 'INVALID_OPTION', message: `${pipelineId} was not one of the allowed options.` });
    } else if (v.dealstage !== undefined && !pipeline.stages.some((s) => s.id === v.dealstage)) {
      const message = `${v.dealstage} was not one of the allowed options for pipeline ${pipeline.id}.`;
      problems.push({ name: 'dealstage', error: 'INVALID_OPTION', message });
    } else if (v.dealstage === undefined && !pipeline.stages.some((s) => s.id === current?.properties.dealstage)) {
      // A deal moved to another pipeline needs a stage of that pipeline.
      problems.push({ name: 'dealstage', error: 'INVALID_OPTION', message: `dealstage must be a stage of pipeline ${pipeline.id}.` });
    }
  }
  if (v.hubspot_owner_id && !portal.owners.some((o) => o.id === v.hubspot_owner_id)) {
    problems.push({ name: 'hubspot_owner_id', error: 'INVALID_OWNER_ID', message: `${v.hubspot_owner_id} is not a valid owner id.` });
  }
  if (type === 'contacts' && v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) {
    problems.push({ name: 'email', error: 'INVALID_EMAIL', message: `Email address ${v.email} is invalid` });
  }
  if (problems.length) return invalid(portal, problems);
  if (type === 'contacts' && v.email) {
    const email = v.email.toLowerCase();
    const taken = [...portal.objects.contacts.values()].find(
      (r) => !r.archived && r.id !== current?.id && r.properties.email?.toLowerCase() === email,
    );
    if (taken) {
      return {
        status: 409,
        body: {
          status: 'error',
          message: `Contact already exists. Existing ID: ${taken.id}`,
          correlationId: randomBytes(8).toString('hex'),
          category: 'CONFLICT',
        },
      };
    }
  }
  return null;
}

/** The id HubSpot gives the next record of a type (ids grow; the stand-in's seeds start low). */
export function nextId(portal: WritePortal, type: HsType): string {
  let max = 900_000;
  for (const id of portal.objects[type].keys()) max = Math.max(max, Number(id));
  return String(max + 1);
}
