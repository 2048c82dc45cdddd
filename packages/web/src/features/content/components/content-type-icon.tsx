import { RequirementType } from '@touchline/contracts/requirement-types';

// 20×20 outline glyphs, drawn rather than emoji so they render without an emoji font.
const paths: Partial<Record<number, string>> = {
  [RequirementType.Document]: 'M5 2h7l4 4v12H5z M12 2v4h4',
  [RequirementType.Form]: 'M4 3h12v14H4z M7 7h6 M7 10h6 M7 13h4',
  [RequirementType.Waiver]: 'M3 17h8 M12 4l4 4-8 8H4v-4z',
  [RequirementType.Video]: 'M3 4h14v12H3z M8 7v6l5-3z',
  [RequirementType.CustomTraining]: 'M2 8l8-4 8 4-8 4z M5 10v4c3 2 7 2 10 0v-4',
};
const shield = 'M10 2l7 3v5c0 4-3 7-7 8-4-1-7-4-7-8V5z';

/** The icon of a requirement type (provider types share a shield), decorative: the type's label is beside it. */
export function ContentTypeIcon({ type }: { type: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-6 w-6 shrink-0 text-emerald-700 dark:text-emerald-400"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={paths[type] ?? shield} />
    </svg>
  );
}
