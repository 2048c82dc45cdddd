import {
  customTrainingContentSchema,
  documentContentSchema,
  formContentSchema,
  videoContentSchema,
  waiverContentSchema,
} from '@touchline/contracts/content';
import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRequirementSlots } from '../../../lib/requirement-slots.tsx';
import { sessionUser, useSession } from '../../../lib/session.ts';
import { useDefinitionContent } from '../api/get-definition-content.ts';
import { useFilesToView } from '../api/get-files-to-view.ts';
import { AbusePreventionPanel } from './abuse-prevention-panel.tsx';
import { BackgroundCheckPanel } from './background-check-panel.tsx';
import { DocumentPanel, type DocumentOpener } from './document-panel.tsx';
import { FormPanel } from './form-panel.tsx';
import { LiveScanPanel } from './live-scan-panel.tsx';
import { SexOffenderSearchPanel } from './sex-offender-search-panel.tsx';
import { TrainingPanel } from './training-panel.tsx';
import { UsSoccerPanel } from './us-soccer-panel.tsx';
import { VideoPanel } from './video-panel.tsx';
import { WaiverPanel } from './waiver-panel.tsx';

const withFiles: readonly number[] = [RequirementType.Document, RequirementType.CustomTraining];
/** The types whose content the page must read (a Document's template and a training's link come by their own calls). */
const withContent: readonly number[] = [RequirementType.Form, RequirementType.Waiver, RequirementType.Video];

/** What a Document offers, from its content when readable. */
function documentOpener(raw: Record<string, unknown> | undefined, hasFile: boolean): DocumentOpener {
  if (!raw) return 'unknown';
  const content = documentContentSchema.partial().catch({}).parse(raw);
  if (hasFile || content.templateFileId) return 'template';
  return content.linkUrl ? 'link' : 'none';
}

/** The member may act on it: the server allows a member move (complete or upload) through a live access. */
const memberMayAct = (item: MemberRequirement) =>
  item.profileLevelAccessId !== null &&
  (item.allowedActions.includes('complete') || item.allowedActions.includes('upload'));

/** The type-specific part of a requirement page: loads its content (and files) and shows the type's panel. */
export function RequirementContent({ item }: { item: MemberRequirement }) {
  const needsContent = withContent.includes(item.type);
  const needsFiles = withFiles.includes(item.type);
  // A Document reads its content only to word its button; when it cannot, the button says less.
  const ref = { definitionId: item.definitionId, profileLevelAccessId: item.profileLevelAccessId };
  const content = useDefinitionContent(
    ref,
    needsContent || item.type === RequirementType.Document ? item.type : undefined,
  );
  const files = useFilesToView(item, needsFiles);
  const memberName = sessionUser(useSession()).displayName;
  const SlotPanel = useRequirementSlots().memberPanels[item.type];

  if ((needsContent && content.isPending) || (needsFiles && files.isLoading))
    return <Spinner label="Loading…" />;
  const failure = (needsContent ? content.error : null) ?? (needsFiles ? files.error : null);
  if (failure)
    return (
      <div className="space-y-3">
        <Alert>{`This requirement could not be loaded: ${failure.message}`}</Alert>
        <Button
          label="Try again"
          variant="secondary"
          onClick={() => {
            if (needsContent) void content.refetch();
            if (needsFiles) void files.refetch();
          }}
        />
      </div>
    );
  const raw = content.data?.content;
  const mayAct = memberMayAct(item);
  switch (item.type) {
    case RequirementType.Document:
      return (
        <DocumentPanel
          requirement={ref}
          opener={documentOpener(raw, Boolean(content.data?.file))}
          files={files.data ?? []}
          canUpload={mayAct}
        />
      );
    case RequirementType.Form: {
      const form = formContentSchema.safeParse(raw);
      if (!form.success || !content.data?.formVersion)
        return <Alert>This form has no saved version yet. Ask your organization to publish it.</Alert>;
      return (
        <FormPanel
          requirement={ref}
          formVersionId={content.data.formVersion.id}
          fields={form.data.fields}
          canSubmit={mayAct}
          submission={content.data.submission ?? null}
        />
      );
    }
    case RequirementType.Waiver:
      return (
        <WaiverPanel
          requirement={ref}
          waiverName={item.name}
          text={waiverContentSchema.safeParse(raw).data?.text ?? ''}
          memberName={memberName}
          canSign={mayAct}
          signed={item.completedAt !== null}
        />
      );
    case RequirementType.Video:
      return (
        <VideoPanel
          requirement={ref}
          title={item.name}
          content={videoContentSchema.safeParse(raw).data ?? {}}
          file={content.data?.file ?? null}
          canWatch={mayAct}
          completed={item.completedAt !== null}
        />
      );
    case RequirementType.CustomTraining:
      return (
        <TrainingPanel
          requirement={ref}
          content={customTrainingContentSchema
            .partial()
            .catch({})
            .parse(raw ?? {})}
          files={files.data ?? []}
          canComplete={mayAct}
        />
      );
    case RequirementType.BackgroundCheck:
      return (
        <BackgroundCheckPanel
          requirement={ref}
          memberName={memberName}
          canAct={item.profileLevelAccessId !== null}
        />
      );
    case RequirementType.AbusePreventionTraining:
      return <AbusePreventionPanel requirement={ref} canAct={item.profileLevelAccessId !== null && mayAct} />;
    case RequirementType.SexOffenderSearch:
      return (
        <SexOffenderSearchPanel
          requirement={ref}
          memberName={memberName}
          canAct={item.profileLevelAccessId !== null}
        />
      );
    case RequirementType.USSoccer:
      return <UsSoccerPanel requirement={ref} />;
    case RequirementType.LiveScan:
      return <LiveScanPanel requirement={ref} canSubmit={mayAct} />;
    default:
      if (SlotPanel)
        return (
          <SlotPanel
            definitionId={item.definitionId}
            profileLevelAccessId={item.profileLevelAccessId}
            canAct={item.profileLevelAccessId !== null && mayAct}
          />
        );
      return (
        <Alert tone="info">
          This requirement is completed through a screening provider. Your organization will tell you how.
        </Alert>
      );
  }
}
