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

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
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

  export default function autocannon(options: Options): Promise<Result>;
}
