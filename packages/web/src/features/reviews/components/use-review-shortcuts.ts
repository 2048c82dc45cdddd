import { useEffect, useRef } from 'react';

/** The review page's keys: approve, reset (send back), next, previous. */
export const reviewShortcuts = [
  { key: 'a', action: 'approve', label: 'Approve' },
  { key: 'r', action: 'reset', label: 'Reset: send back to the member (needs notes)' },
  { key: 'n', action: 'next', label: 'Next in the queue' },
  { key: 'p', action: 'previous', label: 'Previous in the queue' },
] as const;

/** One shortcut action. */
export type ReviewShortcutAction = (typeof reviewShortcuts)[number]['action'];

/** Whether a key press happens while typing (inputs, text areas, selects, editable content): shortcuts stay off. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Listens for the review shortcuts on the page (single keys, no modifier), never while the reviewer types or
 * while a dialog is open, so notes can contain any letter.
 */
export function useReviewShortcuts(handlers: Partial<Record<ReviewShortcutAction, () => void>>) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const shortcut = reviewShortcuts.find((s) => s.key === event.key.toLowerCase());
      const handler = shortcut ? latest.current[shortcut.action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
