import { z } from 'zod';
import { ZEmail } from './common';

/**
 * The HubSpot card. not_configured: the installation has no HUBSPOT_CLIENT_ID/SECRET; not_connected:
 * this user has no login connected (the assistant shows its connect prompt); connected; broken: HubSpot
 * refused the refresh (the card offers Retry).
 */
export const HUBSPOT_STATES = ['not_configured', 'not_connected', 'connected', 'broken'] as const;
export const ZHubspotState = z.enum(HUBSPOT_STATES);
export type THubspotState = z.infer<typeof ZHubspotState>;

export const SYNC_PHASES = ['pipelines', 'owners', 'companies', 'contacts', 'deals', 'associations', 'archived'] as const;
export const ZSyncPhase = z.enum(SYNC_PHASES);
export type TSyncPhase = z.infer<typeof ZSyncPhase>;

/** The workspace's import or sync as the card shows it: counts, a percent and a clear end state. */
export const ZSyncProgress = z.object({
  state: z.enum(['idle', 'running', 'done', 'failed']),
  /** The step running now (or the last one reached when failed); null when idle. */
  phase: ZSyncPhase.nullable(),
  /** Records handled so far over all steps. */
  done: z.number().int().nonnegative(),
  /** Records expected over all steps (HubSpot's totals; 0 until known). */
  total: z.number().int().nonnegative(),
  percent: z.number().min(0).max(100),
  /** The end state in words ('Imported 10,500 deals…', or why it failed). */
  message: z.string().nullable(),
});
export type TSyncProgress = z.infer<typeof ZSyncProgress>;

export const ZHubspotStatus = z.object({
  /** false until the installation sets HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET: the card says so. */
  configured: z.boolean(),
  state: ZHubspotState,
  /** The portal this workspace is bound to (the first admin connection records it); null before. */
  hub_id: z.number().int().nullable(),
  /** Whether the caller has connected their own HubSpot login (writes run with it). */
  user_connected: z.boolean(),
  /** The workspace's CRM source: HubSpot once bound, else the built-in CRM. */
  source: z.enum(['builtin', 'hubspot']),
  last_synced_at: z.string().nullable(),
  sync: ZSyncProgress,
  /**
   * Deals made in Pipewise (no HubSpot id) while the workspace is not yet bound: connecting asks the
   * admin first (docs/decisions/0018), and the connect start needs `confirm_builtin_deals=true`.
   */
  builtin_deals: z.number().int().nonnegative().optional(),
});
export type THubspotStatus = z.infer<typeof ZHubspotStatus>;

export const ZHubspotAuthorizeUrl = z.object({ url: z.string() });
/** The connect start: over built-in deals it needs the admin's confirmation (docs/decisions/0018). */
export const ZHubspotAuthorizeQuery = z.object({
  confirm_builtin_deals: z
    .enum(['true', 'false'], 'confirm_builtin_deals must be true or false')
    .optional()
    .transform((v) => v === 'true'),
});

/** What happens to the built-in deals when HubSpot is connected: the question the admin confirms, and the 409 without it. */
export const builtinDealsMessage = (count: number) =>
  `This workspace holds ${count.toLocaleString('en-US')} ${count === 1 ? 'deal' : 'deals'} made in Pipewise. Once HubSpot is connected, ` +
  `${count === 1 ? 'it stays' : 'they stay'} in Pipewise in the built-in pipelines, which are archived: not copied to HubSpot, ` +
  "still readable, but out of the pipeline lists and filters, which list HubSpot's pipelines only. Confirm to connect.";
export type THubspotAuthorizeUrl = z.infer<typeof ZHubspotAuthorizeUrl>;

/**
 * POST /api/token/hubspot/access-token/ (the spec's call: query code and email). The state HubSpot
 * returned comes too: it must match the one bound to this browser. The answer carries no token
 * (tokens stay on the server): it says the login is connected and to which portal.
 */
export const ZHubspotExchangeQuery = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  email: ZEmail.optional(),
});
export type THubspotExchangeQuery = z.infer<typeof ZHubspotExchangeQuery>;
export const ZHubspotExchangeResponse = z.object({
  status: z.literal('success'),
  data: z.object({ connected: z.literal(true), hub_id: z.number().int() }),
});
export type THubspotExchangeResponse = z.infer<typeof ZHubspotExchangeResponse>;

/** POST /api/hubspot/disconnect and POST /api/hubspot/sync answer the card's new status. */
export const ZHubspotDisconnectResponse = ZHubspotStatus;
/** Sync now (202): the sync is queued (or already running); poll the status for progress. */
export const ZSyncNowResponse = z.object({ queued: z.boolean(), sync: ZSyncProgress });
export type TSyncNowResponse = z.infer<typeof ZSyncNowResponse>;

/** GET /api/auth/fields: property definitions of the workspace's CRM source. */
export const ZFieldsQuery = z.object({
  property_type: z.enum(['deals', 'companies', 'contacts']).default('deals'),
});
export const ZFieldOption = z.object({ label: z.string(), value: z.string() });
export const ZFieldDefinition = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  field_type: z.string(),
  group_name: z.string().nullable(),
  description: z.string().nullable(),
  options: z.array(ZFieldOption),
  read_only: z.boolean(),
});
export type TFieldDefinition = z.infer<typeof ZFieldDefinition>;
export const ZFieldsResponse = z.object({
  source: z.enum(['builtin', 'hubspot']),
  property_type: z.enum(['deals', 'companies', 'contacts']),
  data: z.array(ZFieldDefinition),
});
export type TFieldsResponse = z.infer<typeof ZFieldsResponse>;

/** The card's and the assistant's texts (the spec's error catalogue, CRM row). */
export const HUBSPOT_CONNECT_MESSAGES = {
  connectFailed: 'Failed to connect to HubSpot. Please try again.',
  authFailed: 'Authentication failed. Please try again.',
  cardFailed: 'Failed to connect with Hubspot. Please try again.',
  notConfigured:
    'HubSpot is not configured for this installation. Ask your administrator to set HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET.',
  adminFirst: 'An administrator must connect HubSpot for this workspace first.',
  broken: 'HubSpot stopped accepting this connection. Connect again to continue.',
  notConnected: 'Connect your HubSpot account to continue.',
} as const;

/** A second portal for a bound workspace is refused with this. */
export const hubspotOtherPortalMessage = (hubId: number) =>
  `This workspace is connected to another HubSpot account (hub ${hubId}). Connect with a login of that account.`;

/** HubSpot returns to `${APP_URL}${HUBSPOT_REDIRECT_PATH}` with code and state. */
export const HUBSPOT_REDIRECT_PATH = '/dashboard/settings?source=hubspot';

/**
 * HubSpot returns to `${APP_URL}/dashboard/settings`; the state we mint starts with this prefix, which
 * is how the settings page knows the return is HubSpot's (source=hubspot).
 */
export const HUBSPOT_STATE_PREFIX = 'hubspot.';
