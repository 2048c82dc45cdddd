import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { errorScreenTexts } from '@touchline/contracts/messages';
import { errorDetailsOf } from '../../components/errors/error-boundary.tsx';
import { ErrorScreen } from '../../components/errors/error-screen.tsx';
import { ApiError } from '../../lib/api-error.ts';

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status > 0) return error.status;
  return undefined;
}

/** A route whose data failed to load (or that threw while rendering): the full-page error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const statusCode = statusOf(error);
  return (
    <ErrorScreen
      title={errorScreenTexts.applicationTitle}
      message={errorScreenTexts.applicationMessage}
      onRetry={() => void revalidator.revalidate()}
      onGoHome={() => window.location.assign('/')}
      showErrorDetails={import.meta.env.DEV}
      errorDetails={errorDetailsOf(
        isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error,
      )}
      {...(statusCode !== undefined ? { statusCode } : {})}
    />
  );
}
