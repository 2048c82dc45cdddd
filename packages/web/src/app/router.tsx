import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { PageLoading } from './routes/page-loading.tsx';
import { HomePage, homeLoader } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorScreen } from './routes/route-error.tsx';

/** Every page of the SPA. Routes stay thin: load data, then compose features. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { index: true, element: <HomePage />, loader: homeLoader(queryClient) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
