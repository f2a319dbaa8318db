import type { TVideo } from '@pipewise/contract/videos';

/** A processed recording as the videos calls answer it; tests override what they look at. */
export function videoFixture(overrides: Partial<TVideo> = {}): TVideo {
  return {
    id: 'v1',
    deal_id: '101',
    dealName: 'Kaveri Foods - Dealer portal',
    pipeline_id: 'p-ent',
    title: 'Kaveri discovery call',
    description: 'First call with the Kaveri buying team',
    uploaded_by: 'asha@acme.test',
    uploaded_by_name: 'Asha Rao',
    upload_date: '2026-03-05T15:05:00.000Z',
    upload_type: 'file',
    type: 'video',
    meet_link: 'https://meet.google.com/abc-defg-hij',
    meet_attendees: [
      { email: 'neha@kaveri.test', displayName: 'Neha Iyer', responseStatus: 'declined' },
      { email: 'asha@acme.test', displayName: 'Asha Rao', responseStatus: 'accepted', organizer: true },
      { email: 'karan@kaveri.test', responseStatus: 'needsAction' },
    ],
    s3_url: '/api/videos/v1/media',
    media_type: 'video/mp4',
    size_bytes: 1024,
    status: 'ready',
    error: null,
    transcript_status: 'available',
    transcription: 'Asha: Thanks for joining. '.repeat(12),
    summary: {
      summary: 'The buying team wants the dealer portal live before the festive season and asked for a phased rollout with training.',
      key_points: ['Go-live before October', 'Phased rollout by region', 'Training for 40 dealers'],
    },
    sentiment: 'positive',
    duration: 32,
    duration_seconds: 1920,
    snapshots: [
      { at_seconds: 65, url: '/api/videos/v1/snapshots/1.jpg' },
      { at_seconds: 600, url: '/api/videos/v1/snapshots/2.jpg' },
    ],
    can_delete: true,
    can_retry: false,
    ...overrides,
  };
}

type Listener = (event: ProgressEvent) => void;

/**
 * Stands in for XMLHttpRequest so a test drives the upload: it reports progress and answers when
 * the test says. `FakeXhr.last` is the latest request.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  static get last(): FakeXhr {
    const last = FakeXhr.instances.at(-1);
    if (!last) throw new Error('no upload was sent');
    return last;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: Listener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}
