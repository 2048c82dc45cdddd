/** A played stretch of a video in seconds: [start, end], start < end. */
export type Interval = readonly [number, number];

/** Gaps up to this many seconds between played stretches count as continuous (player report granularity). */
export const joinGapSeconds = 1;
/**
 * Watched time counts at real time (issue 18, ADR 025): a report adds at most the seconds the server's clock saw
 * pass since the previous one, so a video played at 4× counts a quarter of what it skimmed; the player is also
 * held at normal speed.
 */
export const maxPlaybackRate = 1;
/** Slack for network delay on each report, in seconds (reports come every ten seconds: at most 1.2×). */
export const reportSlackSeconds = 2;

/** Sorts, clamps to [0, duration] and merges overlapping or nearly touching intervals. */
export function mergeIntervals(intervals: readonly Interval[], duration: number): [number, number][] {
  const clamped = intervals
    .map(([s, e]): [number, number] => [
      Math.max(0, Math.min(s, duration)),
      Math.max(0, Math.min(e, duration)),
    ])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of clamped) {
    const last = merged.at(-1);
    if (last && s <= last[1] + joinGapSeconds) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** Seconds watched in order: the covered stretch from the start; anything after a skipped part does not count. */
export function watchedInOrder(merged: readonly Interval[]): number {
  const first = merged[0];
  return first && first[0] <= joinGapSeconds ? first[1] : 0;
}

/** The parts of `next` not already in `known` (merged, sorted), in playing order. */
function uncoveredParts(known: readonly Interval[], next: Interval): [number, number][] {
  const parts: [number, number][] = [];
  let cursor = next[0];
  for (const [s, e] of known) {
    if (e <= cursor || s >= next[1]) continue;
    if (s > cursor) parts.push([cursor, s]);
    cursor = Math.max(cursor, e);
  }
  if (cursor < next[1]) parts.push([cursor, next[1]]);
  return parts;
}

/**
 * Adds one report's intervals to what was played before, but never more new seconds than the server's clock
 * allows since the previous report (at most {@link maxPlaybackRate}× the elapsed time plus slack): a client cannot
 * claim a whole video in one post. New seconds beyond the budget are cut, earliest kept.
 */
export function addReport(
  known: readonly Interval[],
  reported: readonly Interval[],
  duration: number,
  elapsedSeconds: number,
): [number, number][] {
  let budget = Math.max(0, elapsedSeconds) * maxPlaybackRate + reportSlackSeconds;
  const base = mergeIntervals(known, duration);
  const added: [number, number][] = [];
  for (const interval of mergeIntervals(reported, duration))
    for (const [s, e] of uncoveredParts(base, interval)) {
      const take = Math.min(e - s, budget);
      if (take > 0) added.push([s, s + take]);
      budget -= take;
    }
  return mergeIntervals([...base, ...added], duration);
}

/** The share of the video watched in order, in percent (0–100, one decimal). */
export function watchedPercent(merged: readonly Interval[], duration: number): number {
  if (duration <= 0) return 0;
  return Math.min(100, Math.floor((watchedInOrder(merged) / duration) * 1000) / 10);
}

/** Progress events are recorded per this many percent of the video watched in order. */
export const progressEventStepPercent = 10;

/**
 * Whether a progress report is worth a requirement event (and audit row): players report every few seconds, so
 * only the first report and each report that reaches a new {@link progressEventStepPercent} step are recorded
 * (completion always is, by the caller). At most eleven progress events per video, whatever the report rate.
 */
export function progressEventDue(previousPercent: number | null, percent: number): boolean {
  if (previousPercent === null) return true;
  const step = (p: number) => Math.floor(p / progressEventStepPercent);
  return step(percent) > step(previousPercent);
}
