import { Button } from '../../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <p className="font-mono text-sm font-semibold text-emerald-800 dark:text-emerald-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        The page you were looking for does not exist or has moved. Check the address, or start again from the
        home page.
      </p>
      <div className="mt-8">
        <Button href="/" label="Go to the home page" />
      </div>
    </div>
  );
}
