import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useAccount } from '../api/get-account.ts';
import { offeredFor, type AccountPrefill, type PrefillSection } from './account-prefill.ts';
import { ContactInformationSection } from './contact-information-section.tsx';
import { EmergencyContactsSection } from './emergency-contacts-section.tsx';
import { PhotoSection } from './photo-section.tsx';
import { UserSection } from './user-section.tsx';

/** Grey blocks in the shape of the four sections, while the account loads. */
function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading your account settings" className="space-y-8">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="animate-pulse rounded-xl border border-slate-200 p-6 dark:border-slate-800">
          <div className="h-5 w-40 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="mt-4 h-10 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="mt-3 h-10 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}

/**
 * /account/settings (and the partner return path /editProfile): the user's details, profile photo, contact
 * information and emergency contacts, each section saving on its own. Given a prefill (a league partner's details),
 * the empty fields it can fill start filled and marked; nothing is saved until the member saves each section, and
 * once every prefilled section is saved (or the member dismisses the prefill) `onPrefillUsed` lets it go.
 */
export function AccountSettingsPage({
  prefill = null,
  onPrefillUsed,
}: { prefill?: AccountPrefill | null; onPrefillUsed?: () => void } = {}) {
  useDocumentTitle('Account settings');
  const heading = useRef<HTMLHeadingElement>(null);
  const account = useAccount();
  useEffect(() => heading.current?.focus(), []);

  const [done, setDone] = useState<ReadonlySet<PrefillSection>>(new Set());
  const [dismissed, setDismissed] = useState(false);
  // Once every offered section is saved the prefill is let go; the sections keep their place (and their "saved").
  const [used, setUsed] = useState(false);
  const noOrganization = account.error instanceof ApiError && account.error.status === 404;
  const active = prefill && !dismissed && account.data ? prefill : null;
  const offered = {
    user: active && !done.has('user') ? offeredFor(active.user, account.data!.user) : {},
    contact:
      active && !done.has('contact')
        ? offeredFor(active.contact, account.data!.profile.profileContactInformation)
        : {},
    emergency:
      active?.emergency &&
      !done.has('emergency') &&
      account.data!.profile.profileEmergencyContact.length === 0
        ? offeredFor(active.emergency, {})
        : {},
  };
  const pending = (Object.keys(offered) as PrefillSection[]).filter(
    (k) => Object.keys(offered[k]).length > 0,
  );
  const savedSection = (section: PrefillSection) => () => {
    if (!pending.includes(section)) return;
    const next = new Set(done).add(section);
    setDone(next);
    if (pending.every((k) => next.has(k))) {
      setUsed(true);
      onPrefillUsed?.();
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          Account settings
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Your details in your current organization. Each section saves on its own.
        </p>
      </div>
      {account.isPending ? (
        <SettingsSkeleton />
      ) : account.isError ? (
        <div className="space-y-4">
          <Alert>
            {noOrganization
              ? 'Your settings belong to an organization, and none is selected yet. Choose one on your profile page.'
              : account.error.message}
          </Alert>
          {noOrganization ? (
            <Link to="/profile" className={textLinkClass}>
              Go to your profile
            </Link>
          ) : (
            <Button variant="secondary" label="Try again" onClick={() => void account.refetch()} />
          )}
        </div>
      ) : (
        <>
          {active && pending.length > 0 ? (
            <div data-testid="prefill-notice" className="space-y-2">
              <Alert tone="info">
                {`Some empty fields below are prefilled with what ${active.sourceName} knows about you. They are marked
                and nothing is saved until you save the section.`}
              </Alert>
              <Button
                variant="secondary"
                label={`Don’t use the details from ${active.sourceName}`}
                onClick={() => {
                  setDismissed(true);
                  onPrefillUsed?.();
                }}
              />
            </div>
          ) : null}
          <UserSection
            key={active || used ? 'user-prefilled' : 'user'}
            user={account.data.user}
            offered={offered.user}
            sourceName={active?.sourceName}
            onSaved={savedSection('user')}
          />
          <PhotoSection
            profile={account.data.profile}
            displayName={`${account.data.user.firstName} ${account.data.user.lastName}`.trim()}
          />
          <ContactInformationSection
            key={active || used ? 'contact-prefilled' : 'contact'}
            contact={account.data.profile.profileContactInformation}
            offered={offered.contact}
            sourceName={active?.sourceName}
            onSaved={savedSection('contact')}
          />
          <EmergencyContactsSection
            contacts={account.data.profile.profileEmergencyContact}
            offered={offered.emergency}
            sourceName={active?.sourceName}
            onOfferedSaved={savedSection('emergency')}
          />
        </>
      )}
    </div>
  );
}
