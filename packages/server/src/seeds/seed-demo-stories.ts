import { RequirementType } from '@touchline/contracts/requirement-types';

/** The five built requirement types of the demo library, by the names the stories use. */
export type DemoKind = 'document' | 'form' | 'waiver' | 'video' | 'training';

/** The demo kind of a requirement type, or null for types the demo library does not hold. */
export function demoKindOf(type: number): DemoKind | null {
  switch (type) {
    case RequirementType.Document:
      return 'document';
    case RequirementType.Form:
      return 'form';
    case RequirementType.Waiver:
      return 'waiver';
    case RequirementType.Video:
      return 'video';
    case RequirementType.CustomTraining:
      return 'training';
    default:
      return null;
  }
}

/** When a member did something: days after they accepted their invitation, or days before the seeding day. */
export type DemoWhen = { after: number } | { daysAgo: number };

/** What a member did with one requirement of theirs. */
export type DemoStep = DemoWhen & {
  /**
   * Documents: the reviewer approved the upload two days later, it still awaits review, the reviewer rejected it
   * two days later, or an administrator marked it complete from a paper copy (no upload).
   */
  review?: 'approved' | 'pending' | 'rejected' | 'paper';
  /** Videos: only this share was watched, so it is progress, not a completion. */
  watchedPercent?: number;
};

/** One member's story: when they were invited, whether they accepted, and what they did since. */
export type DemoStory = {
  name: string;
  invitedDaysAgo: number;
  accepted: boolean;
  steps: Partial<Record<DemoKind, DemoStep>>;
};

const everything: DemoStory['steps'] = {
  waiver: { after: 1 },
  form: { after: 2 },
  video: { after: 3 },
  document: { after: 6, review: 'approved' },
  training: { after: 9 },
};

const cleared = (invitedDaysAgo: number): DemoStory => ({
  name: 'cleared',
  invitedDaysAgo,
  accepted: true,
  steps: everything,
});
/** A coach who took the yearly training last season: it expires soon (still cleared) or has expired. */
const trainingTakenDaysAgo = (invitedDaysAgo: number, daysAgo: number): DemoStory => ({
  name: daysAgo > 365 ? 'training expired' : 'training expiring soon',
  invitedDaysAgo,
  accepted: true,
  steps: { ...everything, training: { daysAgo } },
});
const awaitingReview = (invitedDaysAgo: number, daysAgo: number): DemoStory => ({
  name: 'document awaiting review',
  invitedDaysAgo,
  accepted: true,
  steps: { ...everything, document: { daysAgo, review: 'pending' } },
});
const clearedOnPaper = (invitedDaysAgo: number): DemoStory => ({
  name: 'cleared, document on paper',
  invitedDaysAgo,
  accepted: true,
  steps: { ...everything, document: { after: 4, review: 'paper' } },
});
/** Invited long enough ago that the 30-day due days have passed, with only the quick things done. */
const overdue = (invitedDaysAgo: number): DemoStory => ({
  name: 'overdue',
  invitedDaysAgo,
  accepted: true,
  steps: { waiver: { after: 2 }, video: { after: 6 } },
});
const videoHalfWatched = (invitedDaysAgo: number): DemoStory => ({
  name: 'video half watched',
  invitedDaysAgo,
  accepted: true,
  steps: { waiver: { after: 1 }, video: { after: 3, watchedPercent: 50 } },
});
const justStarted = (invitedDaysAgo: number): DemoStory => ({
  name: 'just started',
  invitedDaysAgo,
  accepted: true,
  steps: { waiver: { after: 1 } },
});
const documentWaitingFormToDo = (invitedDaysAgo: number): DemoStory => ({
  name: 'document awaiting review, form to do',
  invitedDaysAgo,
  accepted: true,
  steps: { waiver: { after: 1 }, document: { daysAgo: 4, review: 'pending' } },
});
const documentRejected = (invitedDaysAgo: number): DemoStory => ({
  name: 'document rejected',
  invitedDaysAgo,
  accepted: true,
  steps: { waiver: { after: 2 }, form: { after: 2 }, document: { after: 20, review: 'rejected' } },
});
const invited = (invitedDaysAgo: number): DemoStory => ({
  name: 'invite pending',
  invitedDaysAgo,
  accepted: false,
  steps: {},
});

type TeamStories = { coach: DemoStory; volunteer: DemoStory; players: readonly DemoStory[] };

/**
 * The demo's members, team by team in the order of the demo tree: about half cleared, some awaiting a reviewer,
 * some overdue, a coach whose training expires soon and one whose expired, one rejected document, and a few who
 * never accepted their invitation. Players are matched to their stories in the order of their e-mail addresses.
 */
const teams: readonly TeamStories[] = [
  {
    coach: cleared(75),
    volunteer: cleared(70),
    players: [cleared(80), cleared(66), awaitingReview(58, 3), invited(3)],
  },
  {
    coach: trainingTakenDaysAgo(400, 352),
    volunteer: invited(5),
    players: [cleared(90), overdue(47), justStarted(11), cleared(73)],
  },
  {
    coach: trainingTakenDaysAgo(430, 385),
    volunteer: cleared(88),
    players: [cleared(84), documentWaitingFormToDo(21), overdue(63), cleared(69)],
  },
  {
    coach: awaitingReview(95, 2),
    volunteer: videoHalfWatched(41),
    players: [documentRejected(34), cleared(77), invited(12), justStarted(6)],
  },
  {
    coach: clearedOnPaper(120),
    volunteer: justStarted(8),
    players: [cleared(100), awaitingReview(49, 1), overdue(55), cleared(61)],
  },
  {
    coach: overdue(52),
    volunteer: cleared(64),
    players: [overdue(44), justStarted(9), invited(38), awaitingReview(72, 5)],
  },
];

/** The story of a demo member: their team's place in the tree, their role label, and (players) their place. */
export function demoStoryOf(teamIndex: number, role: string, playerIndex: number): DemoStory | null {
  const team = teams[teamIndex];
  if (!team) return null;
  if (role === 'Coach') return team.coach;
  if (role === 'Volunteer') return team.volunteer;
  if (role === 'Player') return team.players[playerIndex] ?? null;
  return null;
}
