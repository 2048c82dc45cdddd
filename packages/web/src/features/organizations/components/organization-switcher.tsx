import type { Key } from 'react';
import { useNavigate } from 'react-router';
import { Button as MenuButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useSelectOrganization } from '../../../lib/select-organization.ts';
import { isSessionLoggedIn, useSession } from '../../../lib/session.ts';
import { useCurrentOrganization } from '../hooks/use-current-organization.ts';
import { LogoImage } from './organization-logo.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-slate-100 dark:text-slate-100 dark:data-[focused]:bg-slate-800';

/** The header's organization switcher: the current organization with its logo, the others, and creating one. */
export function OrganizationSwitcher() {
  const current = useSession();
  return isSessionLoggedIn(current) ? <SignedInSwitcher /> : null;
}

function SignedInSwitcher() {
  const { items, current, isPending } = useCurrentOrganization();
  const select = useSelectOrganization();
  const navigate = useNavigate();
  const handleAction = (key: Key) => {
    if (key === 'create') return void navigate('/organizations/new');
    if (key === 'settings') return void navigate('/organization/settings');
    if (key === current?.id) return;
    select.mutate(String(key), { onSuccess: () => void navigate('/') });
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <MenuTrigger>
        <MenuButton
          isDisabled={select.isPending}
          className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:opacity-60 dark:text-white dark:hover:bg-slate-800"
        >
          {current ? (
            <>
              {/* The list's link, not a file-url call per page: an organization without a logo then asks nothing
                  (that call's 404 was logged on every page) and one with a logo is not asked twice. */}
              <LogoImage src={current.image} initials={current.initials} />
              <span data-testid="current-organization" className="truncate">
                {current.name}
              </span>
              <span className="sr-only">, switch organization</span>
            </>
          ) : (
            // Truncated like the name: "Choose an organization" while the list loads pushed the chevron past a
            // 390 px phone's edge.
            <span className="truncate">
              {select.isPending ? 'Switching…' : isPending ? 'Organizations' : 'Choose an organization'}
            </span>
          )}
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
            <path d="M5.2 7.5a.75.75 0 0 1 1.06 0L10 11.2l3.74-3.7a.75.75 0 1 1 1.06 1.06l-4.27 4.24a.75.75 0 0 1-1.06 0L5.2 8.56a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </MenuButton>
        <Popover
          placement="bottom start"
          className="min-w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Menu onAction={handleAction} className="max-h-96 overflow-auto outline-none">
            {items.map((item) => (
              <MenuItem key={item.id} id={item.id} textValue={item.name} className={itemClass}>
                <LogoImage src={item.image} initials={item.initials} size="sm" />
                <span className="flex-1 truncate">{item.name}</span>
                {item.id === current?.id ? (
                  <span className="text-xs font-medium text-emerald-800 dark:text-emerald-300">
                    (current)
                  </span>
                ) : null}
              </MenuItem>
            ))}
            {items.length > 0 ? (
              <Separator className="my-1 border-t border-slate-200 dark:border-slate-700" />
            ) : null}
            {current ? (
              <MenuItem id="settings" className={itemClass}>
                Organization settings
              </MenuItem>
            ) : null}
            <MenuItem id="create" className={itemClass}>
              Create organization
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {select.isError ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {`Could not switch: ${select.error.message}`}
        </span>
      ) : null}
    </div>
  );
}
