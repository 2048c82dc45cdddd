import type { Level } from '@touchline/contracts/hierarchy';
import type { ProfileLevelAccess } from '@touchline/contracts/profiles';
import { isDirectorLevelOrHigher } from '@touchline/contracts/roles';
import { useLevelNavigation } from '../api/get-level-navigation.ts';

/** One choice of the level filter, indented by its depth under the reviewer's level. */
interface LevelOption {
  id: string;
  name: string;
  indent: number;
}

/** The levels where the profile reviews (director level or higher, ADR 015), each once, in the profile's order. */
export function reviewLevels(accesses: readonly ProfileLevelAccess[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const a of accesses)
    if (a.role !== null && isDirectorLevelOrHigher([a.role]) && !seen.has(a.hierarchyLevelId))
      seen.set(a.hierarchyLevelId, a.levelName);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * The choices: every level the reviewer reviews at, and under the one holding the chosen level the path down to it
 * and its children, so any level in reach is a few choices away without loading the whole tree.
 */
export function levelOptions(
  roots: readonly { id: string; name: string }[],
  path: readonly Pick<Level, 'id' | 'name'>[],
  children: readonly Pick<Level, 'id' | 'name'>[],
): LevelOption[] {
  const start = path.findIndex((l) => roots.some((r) => r.id === l.id));
  const inReach = start < 0 ? [] : path.slice(start);
  const options: LevelOption[] = [];
  for (const root of roots) {
    options.push({ ...root, indent: 0 });
    if (inReach[0]?.id !== root.id) continue;
    inReach.slice(1).forEach((l, i) => options.push({ id: l.id, name: l.name, indent: i + 1 }));
    for (const c of children) options.push({ id: c.id, name: c.name, indent: inReach.length });
  }
  return options;
}

/** The props of the level filter. */
export interface LevelFilterProps {
  accesses: readonly ProfileLevelAccess[];
  value: string | undefined;
  onChange: (levelId: string | undefined) => void;
  selectClass: string;
}

/** The queue's level filter: a level means that level and every level below it, within the reviewer's reach. */
export function LevelFilter({ accesses, value, onChange, selectClass }: LevelFilterProps) {
  const roots = reviewLevels(accesses);
  const opened = value ?? (roots.length === 1 ? (roots[0]?.id ?? null) : null);
  const nav = useLevelNavigation(opened);
  const options = nav.data
    ? levelOptions(roots, [...nav.data.ancestors, nav.data.level], nav.data.children)
    : roots.map((r) => ({ ...r, indent: 0 }));
  if (value !== undefined && !options.some((o) => o.id === value))
    options.push({ id: value, name: 'The chosen level', indent: 0 });
  return (
    <label className="text-sm font-medium">
      Level
      <select
        className={selectClass}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">All my levels</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {`${'\u00a0\u00a0'.repeat(o.indent)}${o.name}`}
          </option>
        ))}
      </select>
    </label>
  );
}
