import type { ReactNode } from 'react';
import { Button, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from 'react-aria-components';

/**
 * A section shown on request (React Aria's disclosure: a real button with aria-expanded, Enter and Space toggle).
 * `onExpandedChange` lets the caller load what the panel shows only once it is opened.
 */
export function Disclosure({
  title,
  children,
  onExpandedChange,
  level = 3,
}: {
  title: ReactNode;
  /** The trigger's heading level, one below the heading of the section it sits in. */
  level?: 2 | 3 | 4 | 5;
  children: ReactNode;
  onExpandedChange?: (expanded: boolean) => void;
}) {
  return (
    <AriaDisclosure {...(onExpandedChange ? { onExpandedChange } : {})} className="group">
      <Heading level={level} className="text-sm">
        <Button
          slot="trigger"
          className="inline-flex min-h-11 items-center gap-1 rounded-md font-medium text-emerald-800 underline-offset-4 outline-none hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4 transition-transform group-data-[expanded]:rotate-90"
            fill="currentColor"
          >
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
          </svg>
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className="mt-2">{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
