import { usePartnerOfCurrentProfile } from '../api/partners.ts';

/**
 * "Return to <partner>" (issue 31): shown to a member whose membership came from a league partner, on every signed-in
 * page, leading back to the partner's site (GET partner-from-current-profile; nothing shown for none).
 */
export function ReturnToPartnerBanner({ enabled = true }: { enabled?: boolean }) {
  const partner = usePartnerOfCurrentProfile(enabled);
  if (!partner.data) return null;
  return (
    <nav
      aria-label="League partner"
      className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <img src={partner.data.logo} alt="" width={20} height={20} />
      <a href={partner.data.returnUrl} className="font-semibold underline">
        {`Return to ${partner.data.name}`}
      </a>
      {partner.data.sandbox ? <span>(sandbox)</span> : null}
    </nav>
  );
}
