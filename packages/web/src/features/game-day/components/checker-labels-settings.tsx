import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkerLabelsSchema } from '@touchline/contracts/game-day';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api } from '../../../lib/api-client.ts';

const path = '/api/app/game-day/checker-labels';
const key = ['game-day', 'checker-labels'];

/**
 * The roles' game-day setting (ADR 044): which plain roles check members in at the field (scan cards, see the
 * team's roster). Managers and above always do. Each box saves at once.
 */
export function CheckerLabelsSettings() {
  const client = useQueryClient();
  const labels = useQuery({ queryKey: key, queryFn: () => api.get(path, { schema: checkerLabelsSchema }) });
  const change = useMutation({
    mutationFn: (input: { id: string; checksMembersIn: boolean }) =>
      api.put(`${path}/${encodeURIComponent(input.id)}`, { checksMembersIn: input.checksMembersIn }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <section aria-labelledby="checker-labels-heading" className="space-y-3">
      <h2 id="checker-labels-heading" className="text-xl font-semibold">
        Game-day check-in
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        Holders of the roles ticked here check members in at games: they scan clearance cards and see the
        team’s roster. Managers and above always can.
      </p>
      {labels.isPending ? (
        <Spinner label="Loading the roles…" />
      ) : labels.isError ? (
        <Alert>{`The setting could not be loaded: ${labels.error.message}`}</Alert>
      ) : labels.data?.items.length ? (
        <ul className="space-y-2">
          {labels.data.items.map((l) => (
            <li key={l.id}>
              <CheckboxField
                label={`${l.name} checks members in`}
                checked={l.checksMembersIn}
                disabled={change.isPending}
                onChange={(checked) => change.mutate({ id: l.id, checksMembersIn: checked })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p>No plain roles yet.</p>
      )}
      {change.isError && <Alert>{`Not saved: ${change.error.message}`}</Alert>}
    </section>
  );
}
