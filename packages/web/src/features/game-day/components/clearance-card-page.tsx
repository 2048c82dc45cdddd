import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { openCardPdf, useClearanceCard } from '../api/game-day.ts';
import { QrCode } from './qr-code.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';

const dateText = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** The member's clearance card (issue 33): who, where, today's state in words, and the QR code to show at the field. */
export function ClearanceCardPage() {
  const { profileLevelAccessId = '' } = useParams();
  const card = useClearanceCard(profileLevelAccessId);
  const [pdfError, setPdfError] = useState<string | null>(null);
  if (card.isPending) return <Spinner />;
  if (card.isError || !card.data)
    return <Alert>{card.error?.message ?? 'This card could not be shown.'}</Alert>;
  const { card: c, saved } = card.data;
  const cleared = c.state === 'Cleared';
  return (
    <article className="mx-auto flex max-w-sm flex-col gap-4 p-4" aria-label="Clearance card">
      <header className="flex items-center gap-4">
        {c.photoUrl ? (
          <img {...responsiveImage(c.photoUrl, 80)} alt="" className="h-20 w-20 rounded-full object-cover" />
        ) : (
          <div aria-hidden className="h-20 w-20 rounded-full bg-slate-200 dark:bg-slate-700" />
        )}
        <div>
          <h1 className="text-xl font-semibold">{c.name}</h1>
          <p>{c.organizationName}</p>
          <p>
            {c.levelName} · {c.role}
          </p>
        </div>
      </header>
      <section
        className={`rounded-lg p-4 text-center text-white ${cleared ? 'bg-green-700' : 'bg-red-700'}`}
        aria-live="polite"
      >
        <p className="text-2xl font-bold">{c.state}</p>
        {c.reasons.length > 0 && (
          <ul className="mt-2">
            {c.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        {c.validUntil && <p className="mt-2">Valid until {dateText(c.validUntil)}</p>}
      </section>
      {saved && (
        <Alert tone="info">
          No signal: this is the copy kept on this phone. It still scans at the field.
        </Alert>
      )}
      <QrCode value={c.token} label={`Card code for ${c.name}`} />
      <p className="text-center text-sm">
        Show this code at the field. It renews itself; this one is good until{' '}
        {new Date(c.tokenExpiresAt).toLocaleString()}.
      </p>
      <div className="flex flex-wrap justify-center gap-2 print:hidden">
        <Button
          label="Printable card (PDF)"
          variant="secondary"
          disabled={saved}
          onClick={() =>
            void openCardPdf(c.profileLevelAccessId).catch((e: unknown) =>
              setPdfError(e instanceof Error ? e.message : 'The printable card could not be made'),
            )
          }
        />
      </div>
      {pdfError && <Alert>{pdfError}</Alert>}
    </article>
  );
}
