import type { FastifyBaseLogger } from 'fastify';
import { GoogleApiError, type EventsPageRequest, type GoogleApi } from '../../adapters/google/google-api';
import type { GoogleConnectionsRepo } from '../google/google-connections-repo';
import { grantedPermissions } from '../google/google-scopes';
import { GoogleNotConnectedError, type GoogleTokenStore } from '../google/google-tokens';
import { changesFromEvents } from './calendar-sync';
import type { MeetingsRepo } from './meetings-repo';

const DAY_MS = 86_400_000;
/** The first (and any full) sync reads 30 days back and 90 ahead. */
export const FULL_SYNC_WINDOW = { backDays: 30, aheadDays: 90 } as const;
/** A calendar with more pages than this is cut short rather than looping on a misbehaving server. */
const MAX_PAGES = 200;

export type SyncOutcome = 'synced' | 'skipped' | 'broken';

/** One user's Google Calendar into their meetings: full with a window, then incremental with the sync token. */
export function createCalendarSync(deps: {
  api: GoogleApi;
  tokens: Pick<GoogleTokenStore, 'accessToken'>;
  connections: Pick<GoogleConnectionsRepo, 'find' | 'setSyncToken'>;
  meetings: Pick<MeetingsRepo, 'upsertSynced' | 'markCancelled' | 'cancelUnseen' | 'linkDeals'>;
  log: FastifyBaseLogger;
}) {
  async function run(userId: string, organizationId: string, syncToken: string | null, signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const window = { from: new Date(now - FULL_SYNC_WINDOW.backDays * DAY_MS), to: new Date(now + FULL_SYNC_WINDOW.aheadDays * DAY_MS) };
    const full = syncToken === null;
    const seen: string[] = [];
    let token = await deps.tokens.accessToken(userId);
    let pageToken: string | undefined;
    let refreshed = false;
    for (let page = 0; page < MAX_PAGES; page++) {
      const request: EventsPageRequest = full
        ? { kind: 'full', timeMin: window.from, timeMax: window.to, pageToken }
        : { kind: 'incremental', syncToken: syncToken, pageToken };
      let answer;
      try {
        answer = await deps.api.listEvents(token, request, signal);
      } catch (e) {
        if (e instanceof GoogleApiError && e.status === 401 && !refreshed) {
          refreshed = true;
          token = await deps.tokens.accessToken(userId, { force: true });
          page--;
          continue;
        }
        throw e;
      }
      const changes = changesFromEvents(answer.items, answer.timeZone ?? null);
      await deps.meetings.upsertSynced({ userId, organizationId }, changes.upserts);
      await deps.meetings.markCancelled(userId, changes.cancelledIds);
      if (changes.skipped) deps.log.warn({ skipped: changes.skipped }, 'calendar sync: events without a start were skipped');
      seen.push(...changes.upserts.map((m) => m.externalId));
      if (answer.nextPageToken) {
        pageToken = answer.nextPageToken;
        continue;
      }
      if (full) await deps.meetings.cancelUnseen(userId, window, seen);
      await deps.meetings.linkDeals(userId);
      await deps.connections.setSyncToken(userId, answer.nextSyncToken ?? null, new Date());
      return;
    }
    throw new Error(`calendar sync: more than ${MAX_PAGES} pages`);
  }

  return {
    async syncUser(userId: string, signal?: AbortSignal): Promise<SyncOutcome> {
      const connection = await deps.connections.find(userId);
      if (!connection || connection.state !== 'active' || !grantedPermissions(connection.scopes).calendar) return 'skipped';
      try {
        try {
          await run(userId, connection.organizationId, connection.syncToken, signal);
        } catch (e) {
          // 410 Gone: the sync token expired; drop it and read the window again.
          if (!(e instanceof GoogleApiError && e.status === 410) || connection.syncToken === null) throw e;
          deps.log.info('calendar sync: sync token expired, running a full sync');
          await deps.connections.setSyncToken(userId, null);
          await run(userId, connection.organizationId, null, signal);
        }
        return 'synced';
      } catch (e) {
        if (e instanceof GoogleNotConnectedError) return e.reason === 'broken' ? 'broken' : 'skipped';
        throw e;
      }
    },
  };
}

export type CalendarSync = ReturnType<typeof createCalendarSync>;
