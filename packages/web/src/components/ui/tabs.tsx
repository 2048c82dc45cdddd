import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';

/** One tab: its key, its label and what its panel shows. */
export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern (React Aria: arrow keys move between tabs, Tab enters the panel), styled like the
 * rest of the app; the list scrolls sideways on a narrow screen instead of wrapping.
 */
export function Tabs({
  label,
  items,
  selectedKey,
  onSelectionChange,
}: {
  /** What the tab list is, for assistive technology. */
  label: string;
  items: readonly TabItem[];
  selectedKey?: string;
  onSelectionChange?: (key: string) => void;
}) {
  return (
    <AriaTabs
      {...(selectedKey !== undefined ? { selectedKey } : {})}
      onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
    >
      <TabList
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
      >
        {items.map((item) => (
          <Tab
            key={item.id}
            id={item.id}
            className="-mb-px min-h-11 cursor-pointer border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-700 outline-none hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 data-[selected]:border-emerald-600 data-[selected]:text-emerald-800 dark:text-slate-300 dark:hover:text-white dark:data-[selected]:text-emerald-300"
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel
          key={item.id}
          id={item.id}
          className="pt-4 outline-none focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          {item.panel}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
