import { useEffect, useRef, useState, type RefObject } from 'react';
import type { VideoProgressBody, VideoProgressResult } from '@touchline/contracts/requirement-completion';
import { createPlayTracker } from './watched-intervals.ts';

/** How often a playing video reports what was played. */
export const reportEveryMs = 10_000;

/** Watched time counts at real time (ADR 025): a player sped up is put back to normal speed. */
export function holdNormalSpeed(player: HTMLMediaElement): void {
  if (player.playbackRate > 1) player.playbackRate = 1;
}

/** The watched share as the server last counted it. */
export interface WatchedShare {
  percent: number;
  requiredPercent: number;
}

/**
 * Follows an HTML5 video and reports the stretches actually played (never the seeked-over part) through
 * `report`, holding playback at normal speed since the server counts real time: every {@link reportEveryMs} while playing, and on pause, on a seek and at the end. Gives the share the
 * server counted, or null before its first answer.
 */
export function useVideoProgress(
  video: RefObject<HTMLVideoElement | null>,
  report: (body: VideoProgressBody) => Promise<VideoProgressResult>,
  enabled: boolean,
) {
  const [share, setShare] = useState<WatchedShare | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  }, [report]);

  useEffect(() => {
    const element = video.current;
    if (!element || !enabled) return;
    const tracker = createPlayTracker();
    let timer: ReturnType<typeof setInterval> | null = null;
    // Answers can arrive out of order; an older one must not overwrite a newer share.
    let sent = 0;
    let shown = 0;

    const send = (intervals: [number, number][]) => {
      const duration = element.duration;
      if (!Number.isFinite(duration) || duration <= 0) return;
      const seq = ++sent;
      reportRef
        .current({ intervals, duration })
        .then((result) => {
          if (seq < shown) return;
          shown = seq;
          setError(null);
          setShare({ percent: result.watchedPercent, requiredPercent: result.requiredWatchedPercent });
        })
        .catch((failure: unknown) =>
          setError(failure instanceof Error ? failure.message : 'Your progress could not be saved'),
        );
    };
    const flush = () => {
      const intervals = tracker.take().map(([s, e]): [number, number] => [s, e]);
      if (intervals.length > 0) send(intervals);
    };
    const onTime = () => {
      if (!element.paused && !element.seeking) tracker.tick(element.currentTime);
    };
    const onPlay = () => {
      tracker.tick(element.currentTime);
      timer ??= setInterval(flush, reportEveryMs);
    };
    const onStop = () => {
      // Played up to here (a seek would have cut the stretch already), even if no time update said so yet.
      tracker.tick(element.currentTime);
      tracker.cut();
      flush();
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onSeeking = () => tracker.cut();
    const onRate = () => holdNormalSpeed(element);
    // The first answer tells the share already watched on earlier visits.
    const onMetadata = () => send([]);

    element.addEventListener('timeupdate', onTime);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('ended', onStop);
    element.addEventListener('seeking', onSeeking);
    element.addEventListener('loadedmetadata', onMetadata);
    element.addEventListener('ratechange', onRate);
    onRate();
    if (element.readyState >= 1) onMetadata();
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onStop);
      element.removeEventListener('ended', onStop);
      element.removeEventListener('seeking', onSeeking);
      element.removeEventListener('loadedmetadata', onMetadata);
      element.removeEventListener('ratechange', onRate);
      if (timer) clearInterval(timer);
      flush();
    };
  }, [video, enabled]);

  return { share, error };
}
