import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPersistedStore, readStoredValue, type StoredValueSchema } from './persisted-state.ts';

/** The spec's global darkMode flag, remembered across visits; first visit follows the OS preference. */
const storageKey = 'touchline.darkMode';
// Checked by hand, not with zod: this module is part of the entry chunk (ADR 029).
const flag: StoredValueSchema<boolean> = {
  safeParse: (value) => (typeof value === 'boolean' ? { success: true, data: value } : { success: false }),
};

export function initialDarkMode(): boolean {
  const saved = readStoredValue(storageKey, flag);
  if (saved !== undefined) return saved;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Puts the flag on <html> as the `dark` class Tailwind's dark variant reads. */
export function applyDarkMode(on: boolean, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', on);
}

interface DarkModeValue {
  darkMode: boolean;
  setDarkMode: (on: boolean) => void;
  toggleDarkMode: () => void;
}

const DarkModeContext = createContext<DarkModeValue | null>(null);

export function DarkModeProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() =>
    createPersistedStore({ key: storageKey, initial: initialDarkMode(), schema: flag }),
  );
  const [darkMode, setState] = useState(store.get);

  useEffect(() => store.subscribe(setState), [store]);
  useEffect(() => applyDarkMode(darkMode), [darkMode]);

  const setDarkMode = useCallback((on: boolean) => store.set(on), [store]);
  const toggleDarkMode = useCallback(() => store.set((on) => !on), [store]);
  const value = useMemo(
    () => ({ darkMode, setDarkMode, toggleDarkMode }),
    [darkMode, setDarkMode, toggleDarkMode],
  );
  return <DarkModeContext.Provider value={value}>{children}</DarkModeContext.Provider>;
}

export function useDarkMode(): DarkModeValue {
  const value = useContext(DarkModeContext);
  if (!value) throw new Error('useDarkMode must be used inside <DarkModeProvider>');
  return value;
}
