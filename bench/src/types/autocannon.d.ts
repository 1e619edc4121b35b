/** The part of autocannon 9's API the load worker uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
    expectBody?: string;
    requests?: { setupRequest?: (request: { path?: string }) => { path?: string } }[];
  }
  interface Histogram {
    p50: number;
    p99: number;
    max: number;
    average: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { total: number };
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
