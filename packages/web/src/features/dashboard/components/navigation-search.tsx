import { useEffect, useState } from 'react';
import {
  ComboBox,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  type Key,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useNavigationSearch } from '../api/search-navigation.ts';

const searchDebounceMs = 250;
const itemClass =
  'cursor-pointer rounded-md px-2 py-1.5 text-sm outline-none data-[focused]:bg-emerald-50 data-[focused]:text-emerald-950 dark:data-[focused]:bg-slate-800 dark:data-[focused]:text-white';
const headerClass =
  'px-2 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';

/**
 * The navigation's search: levels and members across the reachable tree as you type (debounced), grouped as the
 * spec's searchResults (levels by id, members by profileLevelAccessId); arrow keys move, Enter opens. A level
 * opens its dashboard; a member opens the dashboard of their level, searched for them.
 */
export function NavigationSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useNavigationSearch(query);
  const nodes = Object.values(results.data?.nodes ?? {});
  const users = Object.values(results.data?.userList ?? {});
  const open = (key: Key | null) => {
    if (key === null) return;
    const [kind, id] = String(key).split(':');
    if (kind === 'level') void navigate(`/levels/${id}/dashboard`);
    const user = users.find((u) => u.profileLevelAccessId === id);
    if (kind === 'member' && user)
      void navigate(
        `/levels/${user.hierarchyLevelId}/dashboard?search=${encodeURIComponent(user.email ?? `${user.firstName} ${user.lastName}`)}`,
      );
    setText('');
  };
  const empty = query.length >= 2 && !results.isFetching && nodes.length === 0 && users.length === 0;
  return (
    <ComboBox
      inputValue={text}
      onInputChange={setText}
      onSelectionChange={open}
      menuTrigger="input"
      allowsEmptyCollection
      className="mb-3"
    >
      <Label className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        Search levels and members
      </Label>
      <Input className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100" />
      <Popover className="w-72 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <ListBox
          className="max-h-96 overflow-y-auto outline-none"
          renderEmptyState={() => (
            <p className="px-2 py-1.5 text-sm text-slate-700 dark:text-slate-300">
              {empty ? 'Nothing found.' : 'Searching…'}
            </p>
          )}
        >
          {nodes.length ? (
            <ListBoxSection>
              <Header className={headerClass}>Levels</Header>
              {nodes.map((n) => (
                <ListBoxItem key={n.id} id={`level:${n.id}`} textValue={n.name} className={itemClass}>
                  {n.name}
                  {n.parentName ? (
                    <span className="text-slate-600 dark:text-slate-400"> · {n.parentName}</span>
                  ) : null}
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
          {users.length ? (
            <ListBoxSection>
              <Header className={headerClass}>Members</Header>
              {users.map((u) => (
                <ListBoxItem
                  key={u.profileLevelAccessId}
                  id={`member:${u.profileLevelAccessId}`}
                  textValue={`${u.firstName} ${u.lastName}`}
                  className={itemClass}
                >
                  {u.firstName} {u.lastName}
                  <span className="text-slate-600 dark:text-slate-400"> · {u.levelName}</span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
