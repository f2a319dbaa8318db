// autocannon 8 ships no types; this declares only the programmatic API the benches use.
declare module 'autocannon' {
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  /** One entry of `requests`: each connection cycles through the list. */
  export type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  export type Options = {
    url: string;
    requests?: Request[];
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
    /** Seconds before a request without an answer counts as a timeout (an error); default 10. */
    timeout?: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  /** The run: awaitable for its result, and an emitter ('response' gives client, status code, bytes, time). */
  export type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
    /** A request that failed: a broken connection, or 'request timed out'. */
    on(event: 'reqError', listener: (error: NodeJS.ErrnoException) => void): void;
    on(event: 'done', listener: (result: Result) => void): void;
    /** Ends the run early; 'done' follows. */
    stop(): void;
  };

  export default function autocannon(options: Options): Instance;
}
