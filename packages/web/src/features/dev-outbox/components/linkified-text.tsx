import type { ReactNode } from 'react';

// Absolute http(s) addresses, and in-app paths such as /confirm-email?token=… at the start of a word.
const linkPattern = /(https?:\/\/[^\s<>"]+|(?<=^|\s)\/[A-Za-z0-9][^\s<>"]*)/g;
const trailingPunctuation = /[.,;:!?)\]]+$/;

/** Splits plain text into text and links, so the links of an e-mail can be followed from the page. */
export function linkifyParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const raw = match[0];
    const start = match.index;
    const href = raw.replace(trailingPunctuation, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Plain text with its addresses as links; the text is never parsed as HTML. */
export function LinkifiedText({ text }: { text: string }): ReactNode {
  return linkifyParts(text).map((part, index) =>
    part.href ? (
      <a
        key={index}
        href={part.href}
        className="break-all text-emerald-800 underline underline-offset-2 dark:text-emerald-300"
      >
        {part.text}
      </a>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
