/** One played stretch of a video, in seconds: [start, end]. */
export type Interval = readonly [number, number];

/** The longest step between two time updates that still counts as playing (browsers fire every 0.25 s or so). */
export const maxPlayStepSeconds = 1.5;

/** Unites overlapping or touching stretches into a sorted list of disjoint ones. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** How many seconds the stretches cover together. */
export function coveredSeconds(intervals: readonly Interval[]): number {
  return mergeIntervals(intervals).reduce((sum, [s, e]) => sum + (e - s), 0);
}

/**
 * Follows a player's position and keeps only what was actually played: a step forward no longer than
 * {@link maxPlayStepSeconds} extends the current stretch; a longer step (a seek ahead or back) starts a new one
 * without counting the skipped part. `take` hands over the stretches played since the last take.
 */
export function createPlayTracker() {
  let pending: [number, number][] = [];
  let current: [number, number] | null = null;

  return {
    /** The player reached `time` while playing. */
    tick(time: number) {
      if (current && time >= current[1] && time - current[1] <= maxPlayStepSeconds) {
        current[1] = time;
        return;
      }
      if (current && current[1] > current[0]) pending.push(current);
      current = [time, time];
    },
    /** Playback stopped or jumped: the current stretch ends here. */
    cut() {
      if (current && current[1] > current[0]) pending.push(current);
      current = null;
    },
    /** The stretches played since the last take (the current one up to now), merged; then forgets them. */
    take(): Interval[] {
      const out = mergeIntervals(current && current[1] > current[0] ? [...pending, current] : pending);
      pending = [];
      if (current) current = [current[1], current[1]];
      return out;
    },
  };
}
