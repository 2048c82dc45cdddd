import { isPlatformAdmin } from '@touchline/contracts/roles';
import { AdminLayout } from '../../features/admin/components/admin-layout.tsx';
import { rolesOfClaims, useSession } from '../../lib/session.ts';
import { NotFoundPage } from './not-found.tsx';

/**
 * /admin…: the administration area for platform administrators (TouchlineAdmin) only. Anyone else — and an
 * administrator viewing as someone — gets the very page an unknown address gets: nothing hints the area exists.
 */
export function AdminArea() {
  const current = useSession();
  return isPlatformAdmin(rolesOfClaims(current.claims)) ? <AdminLayout /> : <NotFoundPage />;
}
