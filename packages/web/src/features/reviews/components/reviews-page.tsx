import { useRef, useState } from 'react';
import { requirementTypeTable } from '@touchline/contracts/requirement-types';
import {
  ReviewListTab,
  ReviewOutcome,
  ReviewSource,
  reviewSourceLabels,
  type ReviewFilter,
  type ReviewListItem,
} from '@touchline/contracts/reviews';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useBulkReview } from '../api/bulk-review.ts';
import { getAdjacentReview } from '../api/get-adjacent-review.ts';
import { usePendingTotal, useReviewRequirements } from '../api/get-review-requirements.ts';
import { LevelFilter } from './level-filter.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { bulkDecidable, pendingTabLabel } from './review-labels.ts';
import { ReviewQueue } from './review-queue.tsx';
import { reviewShortcuts } from './use-review-shortcuts.ts';

const selectClass =
  'mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900';

function Shortcuts() {
  return (
    <section aria-label="Keyboard shortcuts" className="text-sm text-slate-700 dark:text-slate-300">
      <h2 className="font-semibold">Keyboard shortcuts</h2>
      <ul className="flex flex-wrap gap-x-4">
        {reviewShortcuts.map((s) => (
          <li key={s.key}>
            <kbd className="rounded border border-slate-400 px-1 font-mono">{s.key.toUpperCase()}</kbd>{' '}
            {s.label}
          </li>
        ))}
      </ul>
      <p className="text-xs">Shortcuts are off while you type in a field.</p>
    </section>
  );
}

/** The failure of a bulk review, with every item the server named and why. */
function BulkError({ error }: { error: Error }) {
  const items = error instanceof ApiError ? error.validationErrors : [];
  return (
    <Alert>
      {error.message}
      {items.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {items.map((e) => (
            <li key={e.field}>{e.message}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/**
 * /reviews: the reviewer's queue (Pending, Historical) filtered by requirement type, review source and level, the
 * review page of the chosen requirement beside it, Next/Previous through the queue, keyboard shortcuts and bulk
 * approval. The filters live in the page's state, not the URL, like before the level filter.
 */
export function ReviewsPage() {
  useDocumentTitle('Review');
  const profile = useActiveProfile();
  const orgId = profile.data?.organizationId ?? '';
  const [filter, setFilter] = useState<ReviewFilter>({ type: ReviewListTab.Pending });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [selected, setSelected] = useState<ReviewListItem | null>(null);
  /** Counts the reviewer's own choices in the list, so a late move to the next item never overrides one. */
  const picks = useRef(0);
  const [checked, setChecked] = useState<Map<string, { id: string; plaId: string }>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const list = useReviewRequirements(orgId, { ...filter, page, perPage });
  const bulk = useBulkReview();
  const items = list.data?.items ?? [];
  const historical = filter.type === ReviewListTab.Historical;
  const pendingElsewhere = usePendingTotal(orgId, filter, perPage, historical);
  // On its own tab the list gives the count (not while it shows the previous filters' page); elsewhere the query.
  const pendingCount = historical
    ? pendingElsewhere.data
    : list.isPlaceholderData
      ? undefined
      : list.data?.totalCount;
  const current = selected ?? (historical ? null : (items[0] ?? null));
  const changeFilter = (next: Partial<ReviewFilter>) => {
    setFilter({ ...filter, ...next });
    setPage(1);
    setSelected(null);
    setChecked(new Map());
  };
  const move = async (dir: 'Next' | 'Previous', from = current) => {
    if (!from) return;
    const asked = picks.current;
    const item = await getAdjacentReview(filter, from.key, dir);
    // The reviewer chose another requirement while the next one was being looked up: theirs stays on screen (moving
    // under them would drop the notes they are typing).
    if (picks.current !== asked) return null;
    if (item) setSelected(item);
    else
      setAnnouncement(
        dir === 'Next'
          ? 'This is the last requirement in the queue.'
          : 'This is the first requirement in the queue.',
      );
    return item;
  };
  const handleDecided = async (said: string) => {
    const asked = picks.current;
    const next = await move('Next');
    // The reviewer opened another requirement meanwhile: it stays; the decision is still said.
    if (picks.current !== asked) return setAnnouncement(said);
    if (!next) setSelected(null);
    setAnnouncement(
      `${said} ${next ? `Now showing ${next.memberName}, ${next.requirementName}.` : ''}`.trim(),
    );
  };
  const check = (key: string, on: boolean) => {
    const item = items.find((i) => i.key === key);
    const nextChecked = new Map(checked);
    if (on && item) nextChecked.set(key, { id: item.definitionId, plaId: item.plaId });
    else nextChecked.delete(key);
    setChecked(nextChecked);
  };
  const checkAll = (on: boolean) => {
    const nextChecked = new Map(checked);
    for (const i of items) {
      if (on && bulkDecidable(i)) nextChecked.set(i.key, { id: i.definitionId, plaId: i.plaId });
      else nextChecked.delete(i.key);
    }
    setChecked(nextChecked);
  };
  const approveChecked = () =>
    bulk.mutate(
      {
        requirements: [...checked.values()],
        review: { reviewDecision: ReviewOutcome.Approved, reviewNotes: '' },
      },
      {
        onSuccess: (r) => {
          setChecked(new Map());
          setSelected(null);
          setAnnouncement(`Approved ${r.reviewed} requirements. ${r.pendingReviewCount} left to review.`);
        },
      },
    );
  if (profile.isPending) return <Spinner label="Loading" />;
  if (profile.data?.pendingReviewCount === null || !profile.data)
    return <Alert>Only directors and administrators review requirements.</Alert>;
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Review</h1>
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-medium text-emerald-800 dark:text-emerald-300"
      >
        {announcement}
      </p>
      <div role="group" aria-label="Tabs" className="flex gap-2">
        {[ReviewListTab.Pending, ReviewListTab.Historical].map((tab) => (
          <Button
            key={tab}
            label={tab === ReviewListTab.Pending ? pendingTabLabel(pendingCount) : 'Historical'}
            variant={filter.type === tab ? 'primary' : 'secondary'}
            aria-pressed={filter.type === tab}
            onClick={() => changeFilter({ type: tab })}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-4">
        <label className="text-sm font-medium">
          Requirement type
          <select
            className={selectClass}
            value={filter.requirementType ?? ''}
            onChange={(e) =>
              changeFilter({ requirementType: e.target.value === '' ? undefined : Number(e.target.value) })
            }
          >
            <option value="">All types</option>
            {requirementTypeTable.map((t) => (
              <option key={t.no} value={t.no}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Review source
          <select
            className={selectClass}
            value={filter.reviewSource ?? ''}
            onChange={(e) =>
              changeFilter({
                reviewSource: e.target.value === '' ? undefined : (e.target.value as ReviewSource),
              })
            }
          >
            <option value="">All sources</option>
            {Object.values(ReviewSource).map((s) => (
              <option key={s} value={s}>
                {reviewSourceLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <LevelFilter
          accesses={profile.data.profileLevelAccesses}
          value={filter.levelId}
          onChange={(levelId) => changeFilter({ levelId })}
          selectClass={selectClass}
        />
        <label className="text-sm font-medium">
          Per page
          <select
            className={selectClass}
            value={perPage}
            onChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(1);
            }}
          >
            {[25, 50, 100].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Shortcuts />
      <div className={`grid gap-6 ${current ? 'xl:grid-cols-[minmax(26rem,1fr)_minmax(0,1.3fr)]' : ''}`}>
        <section aria-label="Queue" className="space-y-3">
          {list.isError ? <Alert>Could not load the list. {list.error.message}</Alert> : null}
          {list.isPending ? <Spinner label="Loading the queue" /> : null}
          {list.data && items.length === 0 ? (
            <p className="text-sm">{historical ? 'No decisions yet.' : 'Nothing awaits your review.'}</p>
          ) : null}
          {!historical && checked.size > 0 ? (
            <div className="flex items-center gap-3">
              <Button
                label={`Approve selected (${checked.size})`}
                onClick={approveChecked}
                disabled={bulk.isPending}
              />
              <Button label="Clear selection" variant="tertiary" onClick={() => setChecked(new Map())} />
            </div>
          ) : null}
          {bulk.error ? <BulkError error={bulk.error} /> : null}
          {items.length > 0 ? (
            <ReviewQueue
              items={items}
              historical={historical}
              selectedKey={current?.key ?? null}
              checked={new Set(checked.keys())}
              onSelect={(item) => {
                picks.current += 1;
                setSelected(item);
              }}
              onCheck={check}
              onCheckAll={checkAll}
            />
          ) : null}
          <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
            <Button
              label="Previous page"
              variant="tertiary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            />
            <span>
              Page {page} of {pages} · {total} in all
            </span>
            <Button
              label="Next page"
              variant="tertiary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            />
          </nav>
        </section>
        <section aria-label="Requirement under review" className="xl:sticky xl:top-4 xl:self-start">
          {current ? (
            <ReviewPanel
              key={current.key}
              item={current}
              onDecided={(s) => void handleDecided(s)}
              onReversed={(s) => {
                setSelected(current);
                setAnnouncement(`${s} Decide it again here.`);
              }}
              onMove={(d) => void move(d)}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Choose a requirement from the list.</p>
          )}
        </section>
      </div>
    </div>
  );
}
