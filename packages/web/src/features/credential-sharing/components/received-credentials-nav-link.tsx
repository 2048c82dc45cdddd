import { NavLink } from 'react-router';

/** The reviewers' entry to the credentials members shared into the organization (ADR 049). */
export function ReceivedCredentialsNavLink() {
  return (
    <NavLink
      to="/received-credentials"
      className={({ isActive }) =>
        `mb-3 block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-600 ${
          isActive
            ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
            : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
        }`
      }
    >
      Received credentials
    </NavLink>
  );
}
