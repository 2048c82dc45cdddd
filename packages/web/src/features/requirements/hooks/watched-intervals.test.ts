import { describe, expect, it } from 'vitest';
import { coveredSeconds, createPlayTracker, mergeIntervals } from './watched-intervals.ts';

describe('watched intervals', () => {
  it('merges overlapping and touching stretches', () => {
    expect(
      mergeIntervals([
        [5, 8],
        [0, 2],
        [2, 3],
        [7, 10],
        [4, 4],
      ]),
    ).toEqual([
      [0, 3],
      [5, 10],
    ]);
    expect(
      coveredSeconds([
        [0, 3],
        [1, 2],
        [5, 10],
      ]),
    ).toBe(8);
  });

  it('counts what was played, not what was skipped by seeking ahead', () => {
    const tracker = createPlayTracker();
    for (let t = 0; t <= 4; t += 0.25) tracker.tick(t);
    // A seek from 4 s to 60 s: the gap is not watched, the play from 60 s is.
    for (let t = 60; t <= 62; t += 0.25) tracker.tick(t);
    expect(tracker.take()).toEqual([
      [0, 4],
      [60, 62],
    ]);
  });

  it('hands over only what is new at each take, and resumes after a pause', () => {
    const tracker = createPlayTracker();
    for (let t = 0; t <= 2; t += 0.5) tracker.tick(t);
    expect(tracker.take()).toEqual([[0, 2]]);
    for (let t = 2.5; t <= 3; t += 0.5) tracker.tick(t);
    tracker.cut();
    expect(tracker.take()).toEqual([[2, 3]]);
    expect(tracker.take()).toEqual([]);
  });
});
