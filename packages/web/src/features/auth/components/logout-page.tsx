import { useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { session } from '../../../lib/session.ts';

/**
 * /logout (spec §2): signs out and leaves through the identity service's logout, which returns to /signin. It is
 * where the app goes when the token cannot be refreshed after accepting the policies (§8).
 */
export function LogoutPage() {
  useDocumentTitle('Signing out');
  useEffect(() => {
    // signOut is single-flight, so React's development double effect still signs out once.
    void session.signOut();
  }, []);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="sr-only">Signing out</h1>
      <Spinner label="Signing you out…" />
    </div>
  );
}
