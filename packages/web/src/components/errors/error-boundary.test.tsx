import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { capturedErrors } from '../../lib/global-errors.ts';
import { ErrorBoundary } from './error-boundary.tsx';

let shouldThrow: unknown = null;
function Flaky() {
  if (shouldThrow) throw shouldThrow;
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it('shows the error screen with the application wording, records the error, and Try Again re-renders', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = new ApiError(502, 'Bad Gateway');
    render(
      <ErrorBoundary showErrorDetails>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We encountered an unexpected error. Our team has been automatically notified and is working to fix this issue.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Error Code: 502')).toBeInTheDocument();
    expect(screen.getByText('Error Details (Development Only)')).toBeInTheDocument();
    expect(capturedErrors().at(-1)).toMatchObject({
      message: 'Bad Gateway',
      tags: { source: 'error-boundary', status: 502 },
    });

    shouldThrow = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('hides details when not in development and has no code for a plain error; Return to Home goes home', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onGoHome = vi.fn();
    shouldThrow = new Error('render failed');
    render(
      <ErrorBoundary showErrorDetails={false} onGoHome={onGoHome}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Error Details (Development Only)')).not.toBeInTheDocument();
    expect(screen.queryByText(/Error Code:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(onGoHome).toHaveBeenCalledTimes(1);
    shouldThrow = null;
    quiet.mockRestore();
  });
});
