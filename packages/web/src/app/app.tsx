import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  );
}
