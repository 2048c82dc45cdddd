import { Button } from '../../../components/ui/button.tsx';

/** What a signed-in user without an organization can do: create one, or join one through an invitation. */
export function NoOrganization() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section
        aria-labelledby="create-organization-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="create-organization-heading" className="text-lg font-semibold">
          Start your league
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Create your organization, choose a plan and the requirements each role must meet. You can invite
          your coaches and volunteers right after.
        </p>
        <div className="mt-4">
          <Button href="/organizations/new" label="Create an organization" />
        </div>
      </section>
      <section
        aria-labelledby="join-organization-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="join-organization-heading" className="text-lg font-semibold">
          Join your league
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Organizations add their members by invitation. Ask your league’s administrator to invite this e-mail
          address, then open the link in the invitation e-mail: it brings you straight in.
        </p>
      </section>
    </div>
  );
}
