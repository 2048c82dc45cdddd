import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';

const base = {
  title: 'Oops! Something went wrong',
  message: 'Try later.',
  onRetry: () => {},
  onGoHome: () => {},
};

describe('ErrorScreen (spec §2)', () => {
  it('shows the logo, the illustration, the title, the message and the support address', () => {
    render(<ErrorScreen {...base} email="help@league.example" />);
    expect(screen.getByText('Touchline')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Try later.')).toBeInTheDocument();
    expect(screen.getByText(/^If this problem persists, please contact/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@league.example' })).toHaveAttribute(
      'href',
      'mailto:help@league.example',
    );
  });

  it("'Try Again' retries and 'Return to Home' goes home", async () => {
    const onRetry = vi.fn();
    const onGoHome = vi.fn();
    render(<ErrorScreen {...base} onRetry={onRetry} onGoHome={onGoHome} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(onGoHome).toHaveBeenCalledTimes(1);
  });

  it("shows 'Error Code: ' only when a status code is supplied", () => {
    const { unmount } = render(<ErrorScreen {...base} />);
    expect(screen.queryByText(/Error Code:/)).not.toBeInTheDocument();
    unmount();
    render(<ErrorScreen {...base} statusCode={503} />);
    expect(screen.getByText('Error Code: 503')).toBeInTheDocument();
  });

  it("shows 'Error Details (Development Only)' only when asked, with message, stack and component stack", () => {
    const details = {
      message: 'x is undefined',
      stack: 'at Members (members.tsx:4)',
      componentStack: 'in MembersPage',
    };
    const { unmount } = render(<ErrorScreen {...base} errorDetails={details} />);
    expect(screen.queryByText('Error Details (Development Only)')).not.toBeInTheDocument();
    unmount();
    render(<ErrorScreen {...base} errorDetails={details} showErrorDetails />);
    expect(screen.getByText('Error Details (Development Only)')).toBeInTheDocument();
    expect(screen.getByText('x is undefined')).toBeInTheDocument();
    expect(screen.getByText('at Members (members.tsx:4)')).toBeInTheDocument();
    expect(screen.getByText('in MembersPage')).toBeInTheDocument();
  });
});
