import type { WebhookHint } from '../webhooks/webhook-hint.ts';

/**
 * The training-provider port (ARCHITECTURE §2b, ADR 032): an online course provider (an LMS hosting the
 * abuse-prevention course) in our words. One adapter per provider (TalentLMS today); use cases and jobs call this,
 * never the provider's API. Enrolment is safe to repeat (an existing learner and enrolment are found, not
 * duplicated); completion is announced by a signed webhook, which is only a hint to re-read `progress` (also polled).
 */
export interface TrainingProviderPort {
  /** Which adapter this is, stored beside each enrolment. */
  readonly provider: TrainingProvider;
  /** True when this is our sandbox (never the provider): screens name it one. */
  readonly sandbox: boolean;
  /** The course the deployment uses when a definition names none. */
  readonly defaultCourseId: string;
  /** The account's courses a definition may name (active ones only). */
  listCourses(ctx: TrainingCallContext): Promise<{ id: string; name: string }[]>;
  /** Finds or creates the learner (by e-mail) and enrols them in the course; repeating it changes nothing. */
  enroll(learner: Learner, courseId: string, ctx: TrainingCallContext): Promise<Enrollment>;
  /**
   * Takes the learner's finished course back to the start, so they can take it again (a refresher): the provider
   * forgets their progress and completion in this course and they are enrolled afresh. Issued certificates stay.
   */
  restart(enrollment: Pick<Enrollment, 'learnerId' | 'courseId'>, ctx: TrainingCallContext): Promise<void>;
  /** A fresh launch link that signs this learner into the course; `returnUrl` is where the course sends them after. */
  launchUrl(
    enrollment: Pick<Enrollment, 'learnerId' | 'courseId'>,
    returnUrl: string | null,
    ctx: TrainingCallContext,
  ): Promise<string>;
  /** Where the learner is in the course now, with the certificate once completed. */
  progress(
    enrollment: Pick<Enrollment, 'learnerId' | 'courseId'>,
    ctx: TrainingCallContext,
  ): Promise<CourseProgress>;
  /** The completion certificate's PDF bytes. */
  certificatePdf(certificate: CourseCertificate, ctx: TrainingCallContext): Promise<Buffer>;
  /** Checks a webhook's signature (throws when it is not the provider's) and names the enrolment it is about. */
  readWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): WebhookHint;
}

/** The adapters there are. */
export type TrainingProvider = 'talentlms';

/** Ties provider calls to the request or job that made them. */
export type TrainingCallContext = { correlationId?: string };

/** The member as the provider's learner record needs them. */
export type Learner = { externalId: string; firstName: string; lastName: string; email: string };

/** A learner enrolled in a course, by the provider's ids. */
export type Enrollment = { learnerId: string; courseId: string; enrolledAt: Date | null };

/** A learner's state in a course. */
export type CourseProgress = {
  state: 'not_started' | 'in_progress' | 'completed';
  percent: number;
  completedAt: Date | null;
  /** Present once completed and the provider has issued it. */
  certificate: CourseCertificate | null;
};

/** A completion certificate as the provider lists it. */
export type CourseCertificate = {
  id: string;
  issuedAt: Date | null;
  /** The provider's own expiry, when the course sets one (we keep the definition's validity, ADR 032). */
  expiresAt: Date | null;
  downloadUrl: string;
};

/** The webhook object type of an enrolment, and its id `learnerId:courseId`. */
export const enrollmentObjectType = 'enrollment';
export const enrollmentObjectId = (learnerId: string, courseId: string) => `${learnerId}:${courseId}`;
