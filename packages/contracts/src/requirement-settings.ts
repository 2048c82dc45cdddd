import { z } from 'zod';

/** How long a completed requirement stays valid (§4); the spec gives no numbers, so values equal the names. */
export const ValidityMode = {
  Duration: 'Duration',
  None: 'None',
  Annual: 'Annual',
  PerRequirement: 'PerRequirement',
} as const;
/** One validity mode. */
export type ValidityMode = (typeof ValidityMode)[keyof typeof ValidityMode];

/** Validates a validity mode arriving in a request. */
export const validityModeSchema = z.enum(ValidityMode);

/** How often something recurs, e.g. reminders (§4); the spec gives no numbers, so values equal the names. */
export const Frequency = { Weekly: 'Weekly', Monthly: 'Monthly', Quarterly: 'Quarterly' } as const;
/** One frequency. */
export type Frequency = (typeof Frequency)[keyof typeof Frequency];

/** Validates a frequency arriving in a request. */
export const frequencySchema = z.enum(Frequency);
