import { performance } from 'node:perf_hooks';

/**
 * One side of a comparison: a name, the async work to time, and optionally a reset run before each iteration and
 * left out of the time (to measure work that changes the state it starts from).
 */
export type Side = { name: string; run: () => Promise<unknown>; reset?: () => Promise<unknown> };

/** Median wall time per iteration in ms, after a warm-up, interleaving rounds so both sides share machine noise. */
export async function compare(a: Side, b: Side, opts: { rounds?: number; iterations?: number } = {}) {
  const rounds = opts.rounds ?? 7;
  const iterations = opts.iterations ?? 200;
  const time = async (side: Side) => {
    let spent = 0;
    let start = performance.now();
    for (let i = 0; i < iterations; i++) {
      if (side.reset) {
        await side.reset();
        start = performance.now();
      }
      await side.run();
      if (side.reset) spent += performance.now() - start;
    }
    return (side.reset ? spent : performance.now() - start) / iterations;
  };
  await time(a);
  await time(b);
  const as: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    as.push(await time(a));
    bs.push(await time(b));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? Number.NaN;
  return { a: median(as), b: median(bs), ratio: median(as) / median(bs) };
}

/** Prints one comparison as a line people and scripts can read. */
export function report(label: string, r: { a: number; b: number; ratio: number }, goal?: { max: number }) {
  const verdict = goal
    ? r.ratio <= goal.max
      ? ` (goal ≤ ${goal.max}×: met)`
      : ` (goal ≤ ${goal.max}×: NOT met)`
    : '';
  console.warn(
    `${label}: ${r.a.toFixed(3)} ms vs ${r.b.toFixed(3)} ms per call → ${r.ratio.toFixed(2)}×${verdict}`,
  );
}

/** Prints a throughput comparison (calls per second of side a as a share of side b's), for "at least" goals. */
export function reportThroughput(label: string, r: { a: number; b: number }, goal: { min: number }) {
  const share = r.b / r.a;
  const verdict = share >= goal.min ? `goal ≥ ${goal.min}: met` : `goal ≥ ${goal.min}: NOT met`;
  console.warn(
    `${label}: ${(1000 / r.a).toFixed(1)} vs ${(1000 / r.b).toFixed(1)} per second → ${share.toFixed(2)} (${verdict})`,
  );
}

/**
 * Throughput of each side with `concurrency` calls in flight (what a server sees under load), interleaved in
 * rounds like compare(); returns the median ms per completed call of each side.
 */
export async function compareConcurrent(
  a: Side,
  b: Side,
  opts: { concurrency: number; calls: number; rounds?: number },
) {
  const rounds = opts.rounds ?? 5;
  const time = async (side: Side) => {
    let next = 0;
    const start = performance.now();
    const worker = async () => {
      while (next < opts.calls) {
        next += 1;
        await side.run();
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
    return (performance.now() - start) / opts.calls;
  };
  await time(a);
  await time(b);
  const as: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    as.push(await time(a));
    bs.push(await time(b));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? Number.NaN;
  return { a: median(as), b: median(bs), ratio: median(as) / median(bs) };
}
