import { HUBSPOT_CONNECT_MESSAGES as MSG } from '@pipewise/contract/integrations';
import { HubspotApiError, type HubspotCrm } from '../../adapters/hubspot/hubspot-client';
import { conflict, forbidden, HttpError } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import type { HubspotConnectionsRepo } from '../integrations/hubspot-connections-repo';
import type { HubspotSessions } from '../integrations/hubspot-sessions';
import { HubspotNotConnectedError } from '../integrations/hubspot-tokens';
import type { HubspotImportRepo } from './hubspot-import-repo';

/** The deal columns a screen or a confirmed command changes, as the deals service resolves them. */
export type DealChanges = Partial<{
  dealname: string;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  pipelineId: string;
  stageId: string;
  ownerId: string | null;
}>;

export const WRITE_THROUGH_MESSAGES = {
  newerInHubspot: 'This deal changed in HubSpot since it was last synced. Refresh to see the newer values before you change it.',
  refused: (reason: string) => `HubSpot refused the change: ${reason}`,
  unreachable: 'HubSpot could not be reached. Nothing was changed; please try again.',
} as const;

/**
 * Writes go to HubSpot first, with the caller's own login, and only then to the local copy (the
 * deals service calls this before its own write): a refusal is reported with HubSpot's reason and
 * nothing local changes; a deal HubSpot changed after it was last synced here is a conflict (409).
 */
export function createHubspotWriteThrough(deps: {
  crm: Pick<HubspotCrm, 'updateDeal' | 'batchRead'>;
  sessions: Pick<HubspotSessions, 'forUser'>;
  connections: Pick<HubspotConnectionsRepo, 'workspace'>;
  repo: Pick<HubspotImportRepo, 'pushTargets'>;
}) {
  return {
    async updateDeal(caller: Caller, dealId: number, changes: DealChanges): Promise<void> {
      if (!(await deps.connections.workspace(caller.organizationId))) return;
      const targets = await deps.repo.pushTargets(caller.organizationId, dealId, changes);
      // A deal made here and not in HubSpot yet has nothing to update there.
      if (!targets.deal?.externalId) return;
      const properties: Record<string, string> = {};
      if (changes.dealname !== undefined) properties.dealname = changes.dealname;
      if (changes.amount !== undefined) properties.amount = changes.amount ?? '';
      if (changes.closedate !== undefined) properties.closedate = changes.closedate ? `${changes.closedate}T00:00:00.000Z` : '';
      if (changes.nextsteps !== undefined) properties.hs_next_step = changes.nextsteps ?? '';
      if (targets.pipeline) properties.pipeline = targets.pipeline;
      if (targets.stage) properties.dealstage = targets.stage;
      if (changes.ownerId !== undefined) properties.hubspot_owner_id = targets.owner ?? '';
      if (Object.keys(properties).length === 0) return;

      let session;
      try {
        session = await deps.sessions.forUser(caller.id);
      } catch (e) {
        if (e instanceof HubspotNotConnectedError) throw forbidden(e.reason === 'broken' ? MSG.broken : MSG.notConnected);
        throw e;
      }
      try {
        const [remote] = await deps.crm.batchRead(session, 'deals', [targets.deal.externalId], ['hs_lastmodifieddate']);
        const modified = Date.parse(remote?.properties.hs_lastmodifieddate ?? '');
        if (Number.isFinite(modified) && modified > targets.deal.updatedAt.getTime()) throw conflict(WRITE_THROUGH_MESSAGES.newerInHubspot);
        await deps.crm.updateDeal(session, targets.deal.externalId, properties);
      } catch (e) {
        if (e instanceof HttpError) throw e;
        if (e instanceof HubspotNotConnectedError) throw forbidden(MSG.broken);
        if (e instanceof HubspotApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429) {
          throw new HttpError(e.status === 409 ? 409 : 400, WRITE_THROUGH_MESSAGES.refused(e.reason ?? `HubSpot answered ${e.status}`));
        }
        throw new HttpError(502, WRITE_THROUGH_MESSAGES.unreachable);
      }
    },
  };
}

export type HubspotWriteThrough = ReturnType<typeof createHubspotWriteThrough>;
