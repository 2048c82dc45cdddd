import { errorScreenTexts } from '@touchline/contracts/messages';
import { errorScreenDefaults } from '@touchline/contracts/ui';
import illustration from '../../assets/error-illustration.svg';
import { Logo, supportEmail } from '../brand.tsx';
import { Button } from '../ui/button.tsx';

export interface ErrorDetails {
  message?: string;
  stack?: string;
  componentStack?: string;
}

/** Inputs of the full-page error screen, exactly as spec §2 lists them. */
export interface ErrorScreenProps {
  title: string;
  message: string;
  onRetry: () => void;
  onGoHome: () => void;
  showErrorDetails?: boolean;
  errorDetails?: ErrorDetails;
  statusCode?: number;
  /** The support address; defaults to the deployment's. */
  email?: string;
}

/** The full-page error screen of spec §2. */
export function ErrorScreen({
  title,
  message,
  onRetry,
  onGoHome,
  showErrorDetails = errorScreenDefaults.showErrorDetails,
  errorDetails,
  statusCode,
  email = supportEmail,
}: ErrorScreenProps) {
  const t = errorScreenTexts;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 py-12 text-center text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header>
        <Logo className="text-xl text-slate-900 dark:text-white" />
      </header>
      <main id="main" tabIndex={-1} className="mt-8 flex max-w-xl flex-col items-center">
        <img src={illustration} alt={t.illustrationAlt} width={240} height={160} className="h-40 w-60" />
        <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-base text-slate-700 dark:text-slate-300">{message}</p>
        {statusCode !== undefined ? (
          <p className="mt-3 font-mono text-sm text-slate-700 dark:text-slate-300">
            {t.errorCodePrefix}
            {statusCode}
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button label={t.retryButton} onClick={onRetry} />
          <Button label={t.homeButton} variant="secondary" onClick={onGoHome} />
        </div>
        <p className="mt-8 text-sm text-slate-700 dark:text-slate-300">
          {t.contactSupport}{' '}
          <a
            className="font-medium text-emerald-800 underline dark:text-emerald-300"
            href={`mailto:${email}`}
          >
            {email}
          </a>
        </p>
        {showErrorDetails && errorDetails ? (
          <details className="mt-8 w-full rounded-lg border border-slate-300 bg-white p-4 text-left dark:border-slate-700 dark:bg-slate-900">
            <summary className="cursor-pointer font-semibold">{t.devDetailsSummary}</summary>
            {errorDetails.message ? <p className="mt-3 font-mono text-sm">{errorDetails.message}</p> : null}
            {errorDetails.stack ? (
              <pre className="mt-3 max-h-64 overflow-auto text-xs whitespace-pre-wrap">
                {errorDetails.stack}
              </pre>
            ) : null}
            {errorDetails.componentStack ? (
              <pre className="mt-3 max-h-64 overflow-auto text-xs whitespace-pre-wrap">
                {errorDetails.componentStack}
              </pre>
            ) : null}
          </details>
        ) : null}
      </main>
    </div>
  );
}
