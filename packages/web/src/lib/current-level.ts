import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { createPersistedStore, readStoredValue } from './persisted-state.ts';

/**
 * The level the user is working in (spec §3 user session: currentLevelId, currentLevelName, currentLevelDepth,
 * currentLevelRole), one per profile. The level tree sets it when a level is selected and the level page when one
 * opens; other features read it to scope what they show.
 */
export const currentLevelSchema = z.object({
  currentLevelId: z.string(),
  currentLevelName: z.string(),
  currentLevelDepth: z.number().int().nonnegative(),
  /** The strongest organization role the user holds there, null for a plain member. */
  currentLevelRole: z.string().nullable(),
});
/** The current level of one profile. */
export type CurrentLevel = z.infer<typeof currentLevelSchema>;

const storageKey = 'touchline.current-level';
const byProfileSchema = z.record(z.string(), currentLevelSchema);

// Read synchronously, so the first render already shows the level the user left off at.
const store = createPersistedStore({
  key: storageKey,
  initial: readStoredValue(storageKey, byProfileSchema) ?? {},
  schema: byProfileSchema,
});

/** The current level of a profile, or null when none has been chosen yet. */
export function getCurrentLevel(profileId: string): CurrentLevel | null {
  return store.get()[profileId] ?? null;
}

/** Makes a level the profile's current level; a change of nothing notifies no one. */
export function setCurrentLevel(profileId: string, level: CurrentLevel): void {
  const previous = store.get()[profileId];
  if (previous && JSON.stringify(previous) === JSON.stringify(level)) return;
  store.set((all) => ({ ...all, [profileId]: level }));
}

/** Forgets every profile's current level (sign-out, tests). */
export function clearCurrentLevels(): void {
  store.clear();
}

/** The current level of a profile, re-rendering when it changes; null without a profile or a level. */
export function useCurrentLevel(profileId: string | null | undefined): CurrentLevel | null {
  return useSyncExternalStore(
    store.subscribe,
    () => (profileId ? (store.get()[profileId] ?? null) : null),
    () => null,
  );
}
