import { defaultSupportEmail } from '@touchline/contracts/messages';

/** The Touchline wordmark: a pitch-green mark and the product name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <rect width="32" height="32" rx="7" fill="#047857" />
        <path d="M7 9h18v3h-7.5v12h-3V12H7z" fill="#fff" />
        <path d="M7 25h18" stroke="#a7f3d0" strokeWidth="2" />
      </svg>
      <span>Touchline</span>
    </span>
  );
}

/** The address people write to when something keeps failing (the spec's {email}); set per deployment. */
export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL ?? defaultSupportEmail;
