import type { CardCheck } from '@touchline/contracts/game-day';
import { responsiveImage } from '../../../lib/responsive-image.ts';

/** What a scan said, big enough to read at arm's length: green when cleared, red otherwise, with why. */
export function ScanVerdict({
  check,
  pending,
  alreadyAt,
}: {
  check: CardCheck;
  pending: boolean;
  /** When this member was already checked in at this game with the same verdict (nothing new was recorded). */
  alreadyAt?: string | undefined;
}) {
  const cleared = check.outcome === 'Cleared';
  return (
    <section
      aria-label="Scan result"
      aria-live="polite"
      className={`flex items-center gap-4 rounded-lg p-4 text-white ${cleared ? 'bg-green-700' : 'bg-red-700'}`}
    >
      {check.photoUrl && !pending && (
        <img
          {...responsiveImage(check.photoUrl, 80)}
          alt=""
          className="h-20 w-20 shrink-0 rounded-full object-cover"
        />
      )}
      <div className="min-w-0 break-words">
        <p className="text-2xl font-bold">{check.message}</p>
        {check.name && <p className="text-lg">{check.name}</p>}
        {check.reasons.length > 0 && <p>{check.reasons.join('; ')}</p>}
        {alreadyAt && (
          <p className="mt-1 text-sm">
            Already checked in at{' '}
            {new Date(alreadyAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}: not recorded
            twice.
          </p>
        )}
        {pending && (
          <p className="mt-1 text-sm">
            Checked on this phone with no signal; recorded when the signal returns.
          </p>
        )}
      </div>
    </section>
  );
}
