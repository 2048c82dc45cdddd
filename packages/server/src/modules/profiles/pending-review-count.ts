// The badge of the active profile (spec §3 pendingReviewCount) is the review queue's own count (ADR 015).
export { pendingReviewCount } from '../reviews/reviews.service.ts';
