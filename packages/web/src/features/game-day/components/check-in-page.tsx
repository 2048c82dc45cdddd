import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCheckIns } from '../api/game-day.ts';
import { useOfflineCheckIn, useOfflinePack } from '../offline/use-offline-check-in.ts';
import { offlineMessages } from '../offline/verify-card.ts';
import { ScanVerdict } from './scan-verdict.tsx';

// The camera and its decoder load only when the checker turns the camera on (first-load budget, ADR 029).
const CameraScanner = lazy(() => import('./camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })));

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const outcomeText = (outcome: string) =>
  outcome === 'Cleared'
    ? 'Cleared'
    : outcome === 'NotCleared'
      ? 'Not cleared'
      : (offlineMessages[outcome as keyof typeof offlineMessages] ?? outcome);
const timeText = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The game-day check-in (issue 33, ADR 044), phone first: scan a member's card with the camera, or type or paste
 * its code; see Cleared / Not cleared with the name to compare; works with no signal once opened with one (the
 * day's pack is kept on the device, scans are checked there and sent once when the signal returns).
 */
export function CheckInPage() {
  const { levelId = '', gameOn = localToday() } = useParams();
  useDocumentTitle('Game-day check-in');
  const pack = useOfflinePack(levelId);
  const checkIns = useCheckIns(levelId, gameOn);
  const { scan, result, error, busy, pending } = useOfflineCheckIn(levelId, gameOn, pack.data);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = code.trim();
    if (token) void scan(token).then(() => setCode(''));
  };
  const rosterName = (id: string | null) =>
    pack.data?.roster.items.find((i) => i.profileLevelAccessId === id)?.name ?? 'Unknown card';
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold">Game-day check-in · {gameOn}</h1>
      {pack.data ? (
        <p className="text-sm" data-testid="offline-ready">
          Ready without a signal: {pack.data.roster.levelName}, {pack.data.roster.items.length} members,
          fetched at {timeText(pack.data.fetchedAt)}.
        </p>
      ) : pack.isPending ? (
        <p className="text-sm">Getting the day’s roster and keys…</p>
      ) : (
        <Alert>
          {pack.error?.message ?? 'No roster on this phone'}: open this page once with a signal before the
          game.
        </Alert>
      )}
      {camera ? (
        <Suspense fallback={<p>Starting the camera…</p>}>
          <CameraScanner onCode={(token) => void scan(token)} onClose={() => setCamera(false)} />
        </Suspense>
      ) : (
        <Button label="Scan with the camera" variant="secondary" onClick={() => setCamera(true)} />
      )}
      <form onSubmit={submit} className="flex flex-col gap-2">
        <TextField
          name="code"
          label="Card code"
          description="Or type or paste the code of the member's card"
          value={code}
          onValueChange={setCode}
        />
        <Button type="submit" label="Check in" disabled={busy} />
      </form>
      {error && <Alert>{error}</Alert>}
      {result && <ScanVerdict check={result.check} pending={result.pending} alreadyAt={result.alreadyAt} />}
      {pending.length > 0 && (
        <section aria-label="Waiting to be sent">
          <Alert tone="info">
            <span data-testid="pending-count">{pending.length}</span> check-in
            {pending.length === 1 ? '' : 's'} waiting for a signal: sent once when it returns.
          </Alert>
          <ul className="mt-2">
            {pending.map((q) => (
              <li key={q.id}>
                {rosterName(q.local?.profileLevelAccessId ?? null)}:{' '}
                {q.local ? outcomeText(q.local.outcome) : 'not checked yet'} (pending)
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Checked in">
        <h2 className="font-semibold">Checked in ({checkIns.data?.items.length ?? 0})</h2>
        {checkIns.isError && !checkIns.data && (
          <p className="text-sm">The list shows when the signal returns.</p>
        )}
        <ul>
          {checkIns.data?.items.map((i) => (
            <li key={i.id}>
              {i.name ?? 'Unknown card'}: {i.message}
            </li>
          ))}
        </ul>
      </section>
      {pack.data && (
        <section aria-label="Roster">
          <h2 className="font-semibold">{pack.data.roster.levelName}: who may play today</h2>
          {pack.data.roster.items.length === 0 && <p>No members on this team yet.</p>}
          <ul>
            {pack.data.roster.items.map((i) => (
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
