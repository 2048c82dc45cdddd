import { useId, useRef } from 'react';
import type { ContentFile, VideoContent } from '@touchline/contracts/content';
import { Alert } from '../../../components/ui/alert.tsx';
import { useReportVideoProgress } from '../api/complete-video.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { useVideoProgress } from '../hooks/use-video-progress.ts';

/** What the video panel needs: where the video is, the share required, and whether watching still counts. */
export interface VideoPanelProps {
  requirement: RequirementRef;
  title: string;
  content: Partial<VideoContent>;
  file: ContentFile | null;
  canWatch: boolean;
  completed: boolean;
}

/**
 * A Video (spec §4): an HTML5 player whose played stretches are reported to complete-video while playing and on
 * pause or end; skipping ahead does not count. The watched share shows as a progress bar.
 */
export function VideoPanel({ requirement, title, content, file, canWatch, completed }: VideoPanelProps) {
  const video = useRef<HTMLVideoElement>(null);
  const labelId = useId();
  const report = useReportVideoProgress(requirement);
  const { share, error } = useVideoProgress(video, report.mutateAsync, canWatch);
  const src = file?.url ?? content.url ?? null;
  const required = share?.requiredPercent ?? content.requiredWatchedPercent ?? 90;
  const percent = completed && !share ? 100 : Math.round(share?.percent ?? 0);

  if (!src) return <Alert>This video has no source yet. Ask your organization to add it.</Alert>;
  return (
    <div className="space-y-4">
      <video
        ref={video}
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={title}
        className="aspect-video w-full rounded-md bg-black"
      />
      <div className="space-y-1">
        <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
          <span id={labelId}>Watched</span>
          <span>
            {percent}% of the {required}% required
          </span>
        </div>
        <progress
          max={100}
          value={percent}
          aria-labelledby={labelId}
          aria-valuetext={`${percent}% watched of ${required}% required`}
          className="h-2 w-full accent-emerald-700"
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Only what you play counts, in order from the start and at normal speed: skipping ahead or speeding
          up does not.
        </p>
      </div>
      <Alert>{error ? `Your progress could not be saved: ${error}` : null}</Alert>
    </div>
  );
}
