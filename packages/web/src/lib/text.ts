/** A quoted phrase ending a sentence: its own closing punctuation, or a full stop when it has none. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
