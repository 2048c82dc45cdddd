import { CheckerLabelsSettings } from '../../features/game-day/components/checker-labels-settings.tsx';
import { RolesPage } from '../../features/labels/components/roles-page.tsx';

/** /organization/roles: the roles, then which of them check members in at games (composed here, ADR 044). */
export function OrganizationRolesRoute() {
  return (
    <>
      <RolesPage />
      <div className="mx-auto mt-8 max-w-3xl">
        <CheckerLabelsSettings />
      </div>
    </>
  );
}
