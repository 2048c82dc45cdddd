import type {
  ContentAssignment,
  ContentDefinition,
  ContentFile,
  ContentListItem,
  DefinitionContentResponse,
} from '@touchline/contracts/content';
import type { RequirementType } from '@touchline/contracts/requirement-types';
import type { Frequency, ValidityMode } from '@touchline/contracts/requirement-settings';
import type { DefinitionRow } from './content.queries.ts';

/** What a definition's answer adds to its row. */
export type DefinitionExtras = {
  formVersion: { id: string; version: number } | null;
  file: ContentFile | null;
  assignments: ContentAssignment[];
  canManage: boolean;
};

/** A definition's type-specific content: the columns the contract lists, nothing else. */
export function presentContent(
  row: DefinitionRow,
  extras: Pick<DefinitionExtras, 'formVersion' | 'file'>,
): DefinitionContentResponse {
  return {
    id: row.id,
    type: row.type as RequirementType,
    content: row.content,
    formVersion: extras.formVersion,
    file: extras.file,
  };
}

/** A whole definition: common fields, content, assignments and whether the actor may change it. */
export function presentDefinition(row: DefinitionRow, extras: DefinitionExtras): ContentDefinition {
  return {
    ...presentContent(row, extras),
    name: row.name,
    instructions: row.instructions,
    isOptional: row.isOptional,
    validityMode: row.validityMode as ValidityMode,
    validityDays: row.validityDays,
    annualRenewalDate: row.annualRenewalDate,
    dueDate: row.dueDate,
    dueInDays: row.dueInDays,
    expiringSoonDays: row.expiringSoonDays,
    reminderFrequency: row.reminderFrequency as Frequency | null,
    memberPrice: row.memberPrice,
    payer: row.payer as 'organization' | 'member',
    sortOrder: row.sortOrder,
    assignments: extras.assignments,
    canManage: extras.canManage,
  };
}

/** One assignment without the level path the service reads for rules. */
export function presentAssignment(row: ContentAssignment & { levelPath: string }): ContentAssignment {
  return {
    id: row.id,
    hierarchyLevelId: row.hierarchyLevelId,
    hierarchyLevelName: row.hierarchyLevelName,
    labelId: row.labelId,
    labelName: row.labelName,
  };
}

/** One library row. */
export function presentListItem(row: Omit<ContentListItem, 'type'> & { type: number }): ContentListItem {
  return { ...row, type: row.type as RequirementType };
}
