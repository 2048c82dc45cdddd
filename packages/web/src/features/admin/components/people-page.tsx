import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminPerson } from '@touchline/contracts/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePeople } from '../api/get-people.ts';
import { usePerson } from '../api/get-person.ts';
import { usePersonAction, type PersonAction } from '../api/person-actions.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { cellClass, formatWhen, headCellClass, inputClass, tableClass } from './format.ts';
import { Pager } from '../../../components/ui/pager.tsx';

const perPage = 25;

/** /admin/people: find an account across organizations by e-mail or name, see it, act on it (issue 32). */
export function PeoplePage() {
  useDocumentTitle('People · Administration');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const people = usePeople({ page, perPage, ...(debounced ? { search: debounced } : {}) });

  return (
    <section aria-labelledby="admin-people" className="space-y-4">
      <h1 id="admin-people" className="text-2xl font-bold tracking-tight">
        People
      </h1>
      <label className="block max-w-md text-sm font-medium">
        E-mail or name
        <input
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </label>
      {people.isError ? <Alert>{people.error.message}</Alert> : null}
      <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {people.data ? `${people.data.totalCount} accounts` : 'Loading accounts…'}
      </p>
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={headCellClass}>Name</th>
              <th className={headCellClass}>E-mail</th>
              <th className={headCellClass}>Standing</th>
              <th className={headCellClass}>Since</th>
            </tr>
          </thead>
          <tbody>
            {(people.data?.items ?? []).map((p) => (
              <tr key={p.id}>
                <td className={cellClass}>
                  <button
                    type="button"
                    className="font-medium text-emerald-800 underline dark:text-emerald-300"
                    onClick={() => setChosen(p.id)}
                  >
                    {p.firstName} {p.lastName}
                  </button>
                </td>
                <td className={cellClass}>{p.email}</td>
                <td className={cellClass}>{standing(p)}</td>
                <td className={cellClass}>{formatWhen(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        perPage={perPage}
        totalCount={people.data?.totalCount ?? 0}
        loading={people.isFetching}
        onPage={setPage}
      />
      <PersonDialog userId={chosen} onClose={() => setChosen(null)} />
    </section>
  );
}

/** An account's standing in words: confirmed or not, locked or not, platform administrator or not. */
function standing(p: AdminPerson): string {
  return [
    p.emailConfirmed ? 'Confirmed' : 'Not confirmed',
    p.lockedUntil ? `Locked until ${formatWhen(p.lockedUntil)}` : null,
    p.platformAdmin ? 'Platform administrator' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function PersonDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const person = usePerson(userId);
  const act = usePersonAction();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async (action: PersonAction) => {
    if (!userId) return;
    try {
      setMessage({ tone: 'success', text: await act.mutateAsync({ id: userId, action }) });
    } catch (failure) {
      setMessage({ tone: 'error', text: failure instanceof Error ? failure.message : 'That did not work.' });
    }
  };
  const p = person.data;
  return (
    <Modal
      isOpen={userId !== null}
      onClose={() => {
        setMessage(null);
        onClose();
      }}
      title={p ? `${p.firstName} ${p.lastName}` : 'Account'}
    >
      {person.isError ? <Alert>{person.error.message}</Alert> : null}
      {p ? (
        <div className="space-y-4 text-sm">
          <p>
            {p.email} · {standing(p)}
          </p>
          <div>
            <h3 className="font-semibold">Memberships</h3>
            {p.memberships.length === 0 ? (
              <p>No organization yet.</p>
            ) : (
              <ul className="mt-1 list-disc pl-5">
                {p.memberships.map((m) => (
                  <li key={m.profileId}>
                    <Link className="underline" to={`/admin/organizations/${m.organizationId}`}>
                      {m.organizationName}
                    </Link>
                    :{' '}
                    {m.accesses.map((a) => `${a.labelName} at ${a.levelName}`).join(', ') || 'no live access'}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {!p.emailConfirmed ? (
              <Button
                variant="secondary"
                label="Resend confirmation"
                onClick={() => void run('resend-confirmation')}
              />
            ) : null}
            <Button
              variant="secondary"
              label="Send password reset"
              onClick={() => void run('password-reset')}
            />
            {p.lockedUntil ? (
              <Button variant="secondary" label="Unlock" onClick={() => void run('unlock')} />
            ) : null}
            {p.platformAdmin ? (
              <Button
                variant="secondary"
                tone="danger"
                label="Withdraw platform administrator"
                onClick={() => void run('withdraw-admin')}
              />
            ) : (
              <Button
                variant="secondary"
                label="Make platform administrator"
                onClick={() => void run('grant-admin')}
              />
            )}
          </div>
          {message ? (
            <div role="status">
              <Alert tone={message.tone}>{message.text}</Alert>
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
