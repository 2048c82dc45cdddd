import { NavLink, Outlet } from 'react-router';

const sections = [
  { to: '/admin/organizations', label: 'Organizations' },
  { to: '/admin/people', label: 'People' },
  { to: '/admin/integrations', label: 'Integrations' },
  { to: '/admin/background-check-clients', label: 'Background-check clients' },
  { to: '/admin/health', label: 'Health' },
] as const;

/** The /admin area's frame (issue 32): its sections as a navigation landmark, then the section's page. */
export function AdminLayout() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase dark:text-emerald-300">
          Platform administration
        </p>
        <nav aria-label="Administration" className="mt-2">
          <ul className="flex flex-wrap gap-2">
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  className={({ isActive }) =>
                    `inline-block rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 ${
                      isActive
                        ? 'bg-emerald-800 text-white dark:bg-emerald-600'
                        : 'bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100'
                    }`
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
