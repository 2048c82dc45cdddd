/** The parts of autocannon (no published types) the request-path bench uses. */
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    workers?: number;
  };
  type Histogram = { average: number; p50: number; p99: number; max: number };
  export type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
