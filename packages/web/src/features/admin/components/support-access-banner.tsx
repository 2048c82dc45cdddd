import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { supportSessionSchema } from '@touchline/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { leaveSupportSession, useSupportSession } from '../../../lib/support-access.ts';
import { adminApi, adminKey } from '../api/paths.ts';
import { formatWhen } from './format.ts';

/**
 * The banner on every page while a platform administrator views an organization as one of its people (issue 32):
 * whom, where, until when, read-only or not, and the way out. It ends itself when the time is up or the server
 * says the session is over.
 */
export function SupportAccessBanner() {
  const current = useSupportSession();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: [...adminKey, 'support-session', current?.id],
    queryFn: () =>
      api.get(`${adminApi}/support-sessions/${encodeURIComponent(current?.id ?? '')}`, {
        schema: supportSessionSchema,
      }),
    enabled: current !== null,
    refetchInterval: 30_000,
  });
  const end = async () => {
    const id = current?.id;
    leaveSupportSession();
    if (id)
      await api.post(`${adminApi}/support-sessions/${encodeURIComponent(id)}/end`).catch(() => undefined);
    await navigate('/admin/organizations');
  };
  useEffect(() => {
    if (!current) return;
    if (check.data && !check.data.active) {
      leaveSupportSession();
      return;
    }
    const left = Date.parse(current.expiresAt) - Date.now();
    const timer = setTimeout(leaveSupportSession, Math.max(0, left));
    return () => clearTimeout(timer);
  }, [current, check.data]);
  if (!current) return null;
  return (
    <div
      role="region"
      aria-label="Support access"
      className="flex flex-wrap items-center justify-between gap-3 bg-amber-300 px-4 py-2 text-sm text-slate-950"
    >
      <p>
        <strong>Support access:</strong> viewing {current.organizationName} as {current.viewedName},{' '}
        {current.allowWrites ? 'changes allowed' : 'read-only'}, until {formatWhen(current.expiresAt)}.
        Everything you open is in the organization&rsquo;s audit log.
      </p>
      <Button variant="primary" label="End support access" onClick={() => void end()} />
    </div>
  );
}
