import type { TVideo } from '@pipewise/contract/videos';
/** A processed recording as the videos calls answer it; tests override what they look at. */
export declare function videoFixture(overrides?: Partial<TVideo>): TVideo;
type Listener = (event: ProgressEvent) => void;
/**
 * Stands in for XMLHttpRequest so a test drives the upload: it reports progress and answers when
 * the test says. `FakeXhr.last` is the latest request.
 */
export declare class FakeXhr {
    static instances: FakeXhr[];
    static get last(): FakeXhr;
    method: string;
    url: string;
    headers: Record<string, string>;
    body: FormData | null;
    status: number;
    responseText: string;
    withCredentials: boolean;
    upload: {
        onprogress: Listener | null;
    };
    onload: (() => void) | null;
    onerror: (() => void) | null;
    onabort: (() => void) | null;
    constructor();
    open(method: string, url: string): void;
    setRequestHeader(name: string, value: string): void;
    send(body: FormData): void;
    progress(loaded: number, total: number): void;
    respond(status: number, body: unknown): void;
    fail(): void;
}
export {};
