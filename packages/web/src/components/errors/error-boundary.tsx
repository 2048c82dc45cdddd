import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorScreenTexts } from '@touchline/contracts/messages';
import { ApiError } from '../../lib/api-error.ts';
import { captureError } from '../../lib/global-errors.ts';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** Show 'Error Details (Development Only)'; defaults to Vite's development flag. */
  showErrorDetails?: boolean;
  onGoHome?: () => void;
}

interface State {
  error: unknown;
  componentStack: string | undefined;
}

/** The last line of defence: a render error anywhere below shows the full-page error screen with the app's wording. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? undefined });
    captureError(error, 'error-boundary');
  }

  private readonly retry = () => this.setState({ error: null, componentStack: undefined });
  private readonly goHome = () => (this.props.onGoHome ? this.props.onGoHome() : window.location.assign('/'));

  override render() {
    const { error, componentStack } = this.state;
    if (error === null) return this.props.children;
    return (
      <ErrorScreen
        title={errorScreenTexts.applicationTitle}
        message={errorScreenTexts.applicationMessage}
        onRetry={this.retry}
        onGoHome={this.goHome}
        showErrorDetails={this.props.showErrorDetails ?? import.meta.env.DEV}
        errorDetails={errorDetailsOf(error, componentStack)}
        {...(error instanceof ApiError && error.status > 0 ? { statusCode: error.status } : {})}
      />
    );
  }
}

export function errorDetailsOf(error: unknown, componentStack?: string) {
  if (error instanceof Error) {
    return {
      message: error.message,
      ...(error.stack ? { stack: error.stack } : {}),
      ...(componentStack ? { componentStack } : {}),
    };
  }
  return { message: String(error), ...(componentStack ? { componentStack } : {}) };
}
