import type { ReactNode } from 'react';
import { DarkModeProvider } from '../lib/dark-mode.tsx';

/**
 * What every screen needs, the error screens included. The QueryClient is provided by the root route instead
 * (routes/root.tsx), so the data library is not part of the entry (ADR 029).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <DarkModeProvider>{children}</DarkModeProvider>;
}
