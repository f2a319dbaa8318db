import { ZGmailDraft, ZGoogleEvent, ZGoogleEventsPage, type TGoogleEventsPage } from './google-schemas';

/** A Google API answer other than success, with its status (410: sync token gone; 401: token refused). */
export class GoogleApiError extends Error {
  override name = 'GoogleApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** 429 and 5xx are worth another try later. */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

export type EventsPageRequest =
  { kind: 'full'; timeMin: Date; timeMax: Date; pageToken?: string } | { kind: 'incremental'; syncToken: string; pageToken?: string };

/** An event as Pipewise writes it to a calendar (Calendar v3 Event resource, the fields we set). */
export type GoogleEventWrite = {
  summary: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  attendees: { email: string; displayName?: string }[];
  location?: string;
  description?: string;
};

export interface GoogleApi {
  listEvents(accessToken: string, request: EventsPageRequest, signal?: AbortSignal): Promise<TGoogleEventsPage>;
  /** Creates a Gmail draft from an RFC 2822 message; returns the draft id. */
  createDraft(accessToken: string, rfc822: string, signal?: AbortSignal): Promise<string>;
  /**
   * events.insert on the primary calendar with our own event id (so a retried insert cannot add a
   * second event: Google answers 409), sendUpdates=all so Google invites the attendees.
   */
  insertEvent(accessToken: string, eventId: string, event: GoogleEventWrite, signal?: AbortSignal): Promise<void>;
  /** events.patch with sendUpdates=all: the attendees get the update. */
  patchEvent(accessToken: string, eventId: string, event: GoogleEventWrite, signal?: AbortSignal): Promise<void>;
  /** events.delete with sendUpdates=all: the attendees get the cancellation. A 404 or 410 (already gone) is not an error. */
  deleteEvent(accessToken: string, eventId: string, signal?: AbortSignal): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 30_000;

/** Calendar v3 and Gmail v1 over REST at GOOGLE_API_BASE; every answer is checked with zod. */
export function createGoogleApi(apiBase: string): GoogleApi {
  async function call(url: URL, init: RequestInit, accessToken: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const res = await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) {
      // The body may echo request details; only the status and Google's reason are kept.
      const reason = await res.json().then(
        (b: unknown) => (b as { error?: { message?: unknown } } | null)?.error?.message,
        () => undefined,
      );
      throw new GoogleApiError(res.status, `Google answered ${res.status}${typeof reason === 'string' ? `: ${reason.slice(0, 200)}` : ''}`);
    }
    return res.status === 204 ? null : res.json();
  }

  const eventUrl = (eventId?: string) => {
    const url = new URL(`${apiBase}/calendar/v3/calendars/primary/events${eventId ? `/${encodeURIComponent(eventId)}` : ''}`);
    url.searchParams.set('sendUpdates', 'all');
    return url;
  };
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  return {
    async listEvents(accessToken, request, signal) {
      const url = new URL(`${apiBase}/calendar/v3/calendars/primary/events`);
      const q = url.searchParams;
      // Recurring events come as their instances, each with its own id and time.
      q.set('singleEvents', 'true');
      q.set('maxResults', '250');
      if (request.kind === 'full') {
        q.set('timeMin', request.timeMin.toISOString());
        q.set('timeMax', request.timeMax.toISOString());
      } else {
        q.set('syncToken', request.syncToken);
        // Incremental answers include deletions as status: cancelled.
        q.set('showDeleted', 'true');
      }
      if (request.pageToken) q.set('pageToken', request.pageToken);
      return ZGoogleEventsPage.parse(await call(url, { method: 'GET' }, accessToken, signal));
    },
    async createDraft(accessToken, rfc822, signal) {
      const url = new URL(`${apiBase}/gmail/v1/users/me/drafts`);
      const body = JSON.stringify({ message: { raw: Buffer.from(rfc822, 'utf8').toString('base64url') } });
      const answer = await call(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } }, accessToken, signal);
      return ZGmailDraft.parse(answer).id;
    },
    async insertEvent(accessToken, eventId, event, signal) {
      try {
        ZGoogleEvent.parse(await call(eventUrl(), json('POST', { id: eventId, ...event }), accessToken, signal));
      } catch (e) {
        // 409: an earlier try of this insert went through; the event is there.
        if (!(e instanceof GoogleApiError && e.status === 409)) throw e;
      }
    },
    async patchEvent(accessToken, eventId, event, signal) {
      ZGoogleEvent.parse(await call(eventUrl(eventId), json('PATCH', event), accessToken, signal));
    },
    async deleteEvent(accessToken, eventId, signal) {
      try {
        await call(eventUrl(eventId), { method: 'DELETE' }, accessToken, signal);
      } catch (e) {
        if (!(e instanceof GoogleApiError && (e.status === 404 || e.status === 410))) throw e;
      }
    },
  };
}
