import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VideoProgressBody } from '@touchline/contracts/requirement-completion';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { useVideoProgress } from './use-video-progress.ts';

/** The parts of a video element the hook reads, driven by hand. */
function fakeVideo() {
  return Object.assign(new EventTarget(), {
    paused: true,
    seeking: false,
    currentTime: 0,
    duration: 100,
    readyState: 1,
    playbackRate: 1,
  });
}

const answer = (percent: number) => ({
  memberRequirementId: '33333333-3333-4333-8333-333333333333',
  definitionId: '22222222-2222-4222-8222-222222222222',
  profileId: '44444444-4444-4444-8444-444444444444',
  status: RequirementStatus.Incomplete,
  completedAt: null,
  files: [],
  watchedSeconds: percent,
  watchedPercent: percent,
  requiredWatchedPercent: 90,
  intervals: [],
});

describe('the video progress reporter', () => {
  it('reports what was played on pause, never the part skipped by seeking ahead', async () => {
    const video = fakeVideo();
    const report = vi.fn(async (body: VideoProgressBody) =>
      answer(body.intervals.reduce((sum, [s, e]) => sum + (e - s), 0)),
    );
    const ref = { current: video as unknown as HTMLVideoElement };
    const { result } = renderHook(() => useVideoProgress(ref, report, true));
    // The first report asks for the share watched on earlier visits.
    expect(report).toHaveBeenCalledWith({ intervals: [], duration: 100 });

    const at = (time: number, type = 'timeupdate') => {
      video.currentTime = time;
      video.dispatchEvent(new Event(type));
    };
    act(() => {
      video.paused = false;
      at(0, 'play');
      for (let t = 0.25; t <= 5; t += 0.25) at(t);
      video.seeking = true;
      at(50, 'seeking');
      video.seeking = false;
      for (let t = 50.25; t <= 52; t += 0.25) at(t);
      video.paused = true;
      at(52, 'pause');
    });
    expect(report).toHaveBeenLastCalledWith({
      intervals: [
        [0, 5],
        [50.25, 52],
      ],
      duration: 100,
    });
    await waitFor(() => expect(result.current.share).toEqual({ percent: 6.75, requiredPercent: 90 }));
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('counts a short play that ends before a time update', () => {
    const video = fakeVideo();
    const report = vi.fn(async () => answer(1));
    const ref = { current: video as unknown as HTMLVideoElement };
    renderHook(() => useVideoProgress(ref, report, true));
    act(() => {
      video.paused = false;
      video.currentTime = 99.5;
      video.dispatchEvent(new Event('play'));
      video.paused = true;
      video.currentTime = 100;
      video.dispatchEvent(new Event('ended'));
    });
    expect(report).toHaveBeenLastCalledWith({ intervals: [[99.5, 100]], duration: 100 });
  });

  it('reports nothing when watching no longer counts', () => {
    const video = fakeVideo();
    const report = vi.fn(async () => answer(0));
    const ref = { current: video as unknown as HTMLVideoElement };
    renderHook(() => useVideoProgress(ref, report, false));
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('pause'));
    expect(report).not.toHaveBeenCalled();
  });

  it('holds the player at normal speed: watched time counts at real time (ADR 025)', () => {
    const video = fakeVideo();
    const ref = { current: video as unknown as HTMLVideoElement };
    renderHook(() =>
      useVideoProgress(
        ref,
        vi.fn(async () => answer(0)),
        true,
      ),
    );
    video.playbackRate = 4;
    video.dispatchEvent(new Event('ratechange'));
    expect(video.playbackRate).toBe(1);
    video.playbackRate = 0.5;
    video.dispatchEvent(new Event('ratechange'));
    expect(video.playbackRate).toBe(0.5);
  });
});
