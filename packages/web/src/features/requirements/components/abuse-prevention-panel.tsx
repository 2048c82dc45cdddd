import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AbusePreventionTraining } from '@touchline/contracts/abuse-prevention-training';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  useAbusePreventionTraining,
  useOpenTraining,
  useUploadAbusePreventionCertificate,
} from '../api/abuse-prevention-training.ts';
import { requirementsKey, type RequirementRef } from '../api/requirement-paths.ts';
import { AttachedFiles } from './attached-files.tsx';
import { FileUploadForm } from './file-upload-form.tsx';

/** What the abuse-prevention panel needs. */
export interface AbusePreventionPanelProps {
  requirement: RequirementRef;
  /** The member may act (their own live access): take the course, upload a certificate. */
  canAct: boolean;
}

/** The provider, named as a sandbox when it is one (never passed off as the vendor). */
const providerName = (view: AbusePreventionTraining) =>
  view.sandbox
    ? 'the TalentLMS sandbox (a stand-in course for testing, not TalentLMS)'
    : view.provider === 'talentlms'
      ? 'TalentLMS'
      : 'the course provider';

const day = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString();

/** Where the course is, in a sentence. */
function progressText(view: AbusePreventionTraining): string | null {
  switch (view.state) {
    case 'enrolling':
      return `Setting up your course at ${providerName(view)}…`;
    case 'not_started':
      return `Your course at ${providerName(view)} is ready. It opens in a new tab.`;
    case 'in_progress':
      return `In progress at ${providerName(view)}: ${view.percent}% done. Finish the course; this page updates by itself.`;
    default:
      return null;
  }
}

/**
 * Abuse-prevention training (type 5): take the online course (a new tab at the provider, in progress while it is
 * open, completed with the certificate once the provider reports it), or upload the certificate of a course taken
 * elsewhere for a reviewer.
 */
export function AbusePreventionPanel({ requirement, canAct }: AbusePreventionPanelProps) {
  const training = useAbusePreventionTraining(requirement);
  const openCourse = useOpenTraining(requirement);
  const upload = useUploadAbusePreventionCertificate(requirement);
  const [completedOn, setCompletedOn] = useState('');
  const [dateError, setDateError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const location = useLocation();
  const seenStatus = useRef<number | undefined>(undefined);
  const status = training.data?.status;
  // The provider's completion arrives through this panel's re-reads: the page's badge and lists follow it.
  useEffect(() => {
    if (status === undefined) return;
    if (seenStatus.current !== undefined && seenStatus.current !== status)
      void queryClient.invalidateQueries({ queryKey: requirementsKey });
    seenStatus.current = status;
  }, [status, queryClient]);

  if (training.isPending) return <Spinner label="Loading your training…" />;
  if (training.error)
    return (
      <div className="space-y-3">
        <Alert>{`Your training could not be loaded: ${training.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void training.refetch()} />
      </div>
    );
  const view = training.data;
  const open = view.state === 'enrolling' || view.state === 'not_started' || view.state === 'in_progress';
  const completed =
    view.status === RequirementStatus.Completed || view.status === RequirementStatus.ExpiringSoon;
  const progress = progressText(view);

  return (
    <div className="space-y-5">
      {completed && view.completedAt ? (
        <Alert tone="success">
          {`Completed on ${day(view.completedAt)}${view.state === 'completed' ? ` at ${providerName(view)}` : ''}${
            view.expiresAt ? `, valid until ${day(view.expiresAt)}` : ''
          }.`}
        </Alert>
      ) : null}
      {progress ? (
        <p role="status" className="text-sm">
          {progress}
        </p>
      ) : null}
      {canAct && (view.mayTake || open) && view.provider ? (
        <div className="space-y-2">
          {view.mayTake ? (
            <p>
              Take the online course at {providerName(view)}. When you finish it, your certificate is kept
              here and the requirement is completed.
            </p>
          ) : null}
          <Button
            label={view.mayTake ? 'Take training' : 'Continue the course'}
            disabled={openCourse.isPending}
            onClick={() =>
              openCourse.mutate({ start: view.mayTake, returnPath: location.pathname + location.search })
            }
          />
          <Alert>
            {openCourse.error ? `The course could not be opened: ${openCourse.error.message}` : null}
          </Alert>
        </div>
      ) : null}
      {view.certificate ? (
        <AttachedFiles requirement={requirement} files={[view.certificate]} title="Your certificate" />
      ) : null}
      {canAct && !open && !completed && view.status !== RequirementStatus.PendingReview ? (
        <section aria-labelledby="training-elsewhere" className="space-y-2">
          <h2 id="training-elsewhere" className="text-base font-semibold">
            Took the training elsewhere?
          </h2>
          <p className="text-sm">
            Upload your certificate and the completion date printed on it. A reviewer of your organization
            checks it.
          </p>
          <Alert tone="success">{notice}</Alert>
          <TextField
            name="completedOn"
            type="date"
            label="Completion date on the certificate"
            error={dateError}
            value={completedOn}
            onValueChange={setCompletedOn}
          />
          <FileUploadForm
            label="Certificate (PDF or photo)"
            submitLabel="Submit for review"
            onUpload={([file], onProgress) => {
              if (!/^\d{4}-\d{2}-\d{2}$/.test(completedOn)) {
                setDateError('Enter the completion date printed on the certificate');
                return Promise.reject(new Error('Enter the completion date first'));
              }
              setDateError(undefined);
              return file
                ? upload.mutateAsync({ file, completedOn, onProgress })
                : Promise.reject(new Error('Choose a file'));
            }}
            onUploaded={() => setNotice('Submitted. A reviewer of your organization will check it.')}
          />
        </section>
      ) : null}
      {view.status === RequirementStatus.PendingReview ? (
        <Alert tone="info">Your certificate is waiting for a reviewer of your organization.</Alert>
      ) : null}
    </div>
  );
}
