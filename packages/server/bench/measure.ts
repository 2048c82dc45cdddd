import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/**
 * One side of a comparison: a name, the async work to time, and optionally a reset run before each iteration and
 * left out of the time (to measure work that changes the state it starts from).
 */
export type Side = { name: string; run: () => Promise<unknown>; reset?: () => Promise<unknown> };

/** A figure over rounds: its median with the lowest and highest round (the spread a reader should see). */
export type Spread = { median: number; min: number; max: number };

/** A comparison's figures: each side's ms per call and their ratio, each as a median with its spread. */
export type Comparison = {
  a: number;
  b: number;
  ratio: number;
  spread: { a: Spread; b: Spread; ratio: Spread };
  rounds: number;
  /** The one-minute load average when the figure was taken: a busy machine explains a wide spread. */
  load: number;
};

/** The median and range of some readings. */
export function spreadOf(xs: readonly number[]): Spread {
  const sorted = [...xs].sort((x, y) => x - y);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The one-minute load average, as printed beside every figure. */
export function loadNow(): number {
  return loadavg()[0] ?? 0;
}

/** Per-round readings of both sides summarized: medians, spreads, and the ratio of each round (same noise). */
export function summarize(as: readonly number[], bs: readonly number[]): Comparison {
  const a = spreadOf(as);
  const b = spreadOf(bs);
  const ratio = spreadOf(as.map((x, i) => x / (bs[i] ?? Number.NaN)));
  return {
    a: a.median,
    b: b.median,
    ratio: ratio.median,
    spread: { a, b, ratio },
    rounds: as.length,
    load: loadNow(),
  };
}

/**
 * Median wall time per iteration in ms over `rounds` rounds, after a warm-up round of each side, interleaving rounds
 * so both sides share machine noise.
 */
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
  return summarize(as, bs);
}

const ms = (s: Spread) => `${s.median.toFixed(3)} ms (${s.min.toFixed(3)}–${s.max.toFixed(3)})`;

/** How a figure was taken: rounds and the machine's load, printed after every figure. */
export function taken(r: Pick<Comparison, 'rounds' | 'load'>): string {
  return `[${r.rounds} rounds, load ${r.load.toFixed(2)}]`;
}

/** Prints one comparison as a line people and scripts can read: medians with their spread, ratio, load. */
export function report(label: string, r: Comparison, goal?: { max: number }) {
  const verdict = goal
    ? r.ratio <= goal.max
      ? ` (goal ≤ ${goal.max}×: met)`
      : ` (goal ≤ ${goal.max}×: NOT met)`
    : '';
  const { ratio } = r.spread;
  console.warn(
    `${label}: ${ms(r.spread.a)} vs ${ms(r.spread.b)} per call → ${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})${verdict} ${taken(r)}`,
  );
}

/** Prints a throughput comparison (calls per second of side a as a share of side b's), for "at least" goals. */
export function reportThroughput(label: string, r: Comparison, goal: { min: number }) {
  // A share is b/a per round: its spread is the inverse of the ratio's.
  const share = {
    median: 1 / r.spread.ratio.median,
    min: 1 / r.spread.ratio.max,
    max: 1 / r.spread.ratio.min,
  };
  const verdict = share.median >= goal.min ? `goal ≥ ${goal.min}: met` : `goal ≥ ${goal.min}: NOT met`;
  const perSecond = (s: Spread) =>
    `${(1000 / s.median).toFixed(1)} (${(1000 / s.max).toFixed(1)}–${(1000 / s.min).toFixed(1)})`;
  console.warn(
    `${label}: ${perSecond(r.spread.a)} vs ${perSecond(r.spread.b)} per second → ${share.median.toFixed(2)} (${share.min.toFixed(2)}–${share.max.toFixed(2)}) (${verdict}) ${taken(r)}`,
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
  return summarize(as, bs);
}
