import { NavLink } from 'react-router';
import type { LevelRole } from '@touchline/contracts/profiles';

/**
 * The labels whose holders check members in at the field (the server decides; this only chooses which links to
 * show): the organization roles at a level, and the coach, referee and field-marshal labels (ADR 044).
 */
const checkerLabel =
  /^(admin|account manager|director|manager|coach|assistant coach|head coach|referee|field marshal)$/i;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-600 ${
    isActive
      ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/** The navigation's game-day entries: the member's clearance card per team, and the check-in where they check. */
export function GameDayNavLinks({ levelRoles }: { levelRoles: readonly LevelRole[] }) {
  if (levelRoles.length === 0) return null;
  const several = levelRoles.length > 1;
  return (
    <nav aria-label="Game day" className="mb-3">
      <ul>
        {levelRoles.map((r) => (
          <li key={r.profileLevelAccessId}>
            <NavLink to={`/game-day/cards/${r.profileLevelAccessId}`} className={linkClass}>
              My clearance card{several ? ` · ${r.levelName}` : ''}
            </NavLink>
          </li>
        ))}
        {levelRoles
          .filter((r) => checkerLabel.test(r.roleLabel.trim()))
          .map((r) => (
            <li key={`check-in-${r.profileLevelAccessId}`}>
              <NavLink to={`/game-day/check-in/${r.hierarchyLevelId}`} className={linkClass}>
                Game-day check-in · {r.levelName}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
