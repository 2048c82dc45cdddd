import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { CheckIn } from '@touchline/contracts/game-day';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { queuedCheckIns, sendQueued } from '../api/check-in-queue.ts';
import { useCheckIn, useCheckIns, useRoster } from '../api/game-day.ts';
import { responsiveImage } from '../../../lib/responsive-image.ts';

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function Verdict({ checkIn }: { checkIn: CheckIn }) {
  const cleared = checkIn.outcome === 'Cleared';
  return (
    <section
      aria-label="Scan result"
      aria-live="polite"
      className={`flex items-center gap-4 rounded-lg p-4 text-white ${cleared ? 'bg-green-700' : 'bg-red-700'}`}
    >
      {checkIn.photoUrl && (
        <img
          {...responsiveImage(checkIn.photoUrl, 80)}
          alt=""
          className="h-20 w-20 rounded-full object-cover"
        />
      )}
      <div>
        <p className="text-2xl font-bold">{checkIn.message}</p>
        {checkIn.name && <p className="text-lg">{checkIn.name}</p>}
        {checkIn.reasons.length > 0 && <p>{checkIn.reasons.join('; ')}</p>}
      </div>
    </section>
  );
}

/**
 * The game-day check-in (issue 33), phone first: type (or paste) the code of a member's card, see Cleared / Not
 * cleared with the photo and name to compare, and the game's check-ins so far.
 */
export function CheckInPage() {
  const { levelId = '', gameOn = localToday() } = useParams();
  const checkIns = useCheckIns(levelId, gameOn);
  const checkIn = useCheckIn(levelId, gameOn);
  const roster = useRoster(levelId);
  const [code, setCode] = useState('');
  const [waiting, setWaiting] = useState(() => queuedCheckIns().length);
  const client = useQueryClient();
  useEffect(() => {
    // Scans queued without a signal go when it returns (and when the page opens), each with its own id.
    const flush = () =>
      void sendQueued().then((sent) => {
        setWaiting(queuedCheckIns().length);
        if (sent > 0) void client.invalidateQueries({ queryKey: ['game-day', 'check-ins'] });
      });
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [client]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim())
      checkIn.mutate(code.trim(), {
        onSuccess: () => {
          setCode('');
          setWaiting(queuedCheckIns().length);
        },
      });
  };
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold">Game-day check-in · {gameOn}</h1>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <TextField
          name="code"
          label="Card code"
          description="Type or paste the code under the member's QR code"
          value={code}
          onValueChange={setCode}
        />
        <Button type="submit" label="Check in" disabled={checkIn.isPending} />
      </form>
      {checkIn.isError && <Alert>{checkIn.error.message}</Alert>}
      {checkIn.data && <Verdict checkIn={checkIn.data} />}
      {waiting > 0 && (
        <Alert tone="info">
          {waiting} scan{waiting === 1 ? '' : 's'} saved without a signal: sent when it returns.
        </Alert>
      )}
      <section aria-label="Checked in">
        <h2 className="font-semibold">Checked in ({checkIns.data?.items.length ?? 0})</h2>
        <ul>
          {checkIns.data?.items.map((i) => (
            <li key={i.id}>
              {i.name ?? 'Unknown card'}: {i.message}
            </li>
          ))}
        </ul>
      </section>
      {roster.data && (
        <section aria-label="Roster">
          <h2 className="font-semibold">{roster.data.levelName}: who may play today</h2>
          <ul>
            {roster.data.items.map((i) => (
              <li key={i.profileLevelAccessId}>
                {i.name} ({i.role}): {i.state}
                {i.reasons.length > 0 && ` — ${i.reasons.join('; ')}`}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
