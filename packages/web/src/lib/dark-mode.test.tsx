import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DarkModeProvider, initialDarkMode, useDarkMode } from './dark-mode.tsx';

function Probe() {
  const { darkMode, toggleDarkMode } = useDarkMode();
  return (
    <button type="button" aria-pressed={darkMode} onClick={toggleDarkMode}>
      Dark mode
    </button>
  );
}

function prefersDark(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query }) as MediaQueryList);
}

afterEach(() => vi.unstubAllGlobals());

describe('dark mode', () => {
  it('follows the OS preference on a first visit', () => {
    prefersDark(true);
    expect(initialDarkMode()).toBe(true);
    prefersDark(false);
    expect(initialDarkMode()).toBe(false);
  });

  it('toggles the dark class on <html> and remembers the choice over the OS preference', async () => {
    prefersDark(false);
    const { unmount } = render(
      <DarkModeProvider>
        <Probe />
      </DarkModeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Dark mode' });
    expect(document.documentElement).not.toHaveClass('dark');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('touchline.darkMode')).toBe('true');
    unmount();

    document.documentElement.className = '';
    render(
      <DarkModeProvider>
        <Probe />
      </DarkModeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
  });
});
