/** Wording of the full-page error screen (§2), so every page-level failure reads the same. */
export const errorScreenTexts = {
  applicationTitle: 'Oops! Something went wrong',
  applicationMessage:
    'We encountered an unexpected error. Our team has been automatically notified and is working to fix this issue.',
  illustrationAlt: 'Application Error',
  retryButton: 'Try Again',
  homeButton: 'Return to Home',
  contactSupport: 'If this problem persists, please contact',
  errorCodePrefix: 'Error Code: ',
  devDetailsSummary: 'Error Details (Development Only)',
} as const;

/**
 * Support address shown after {@link errorScreenTexts}.contactSupport (§2). The spec leaves it as `{email}`; this is
 * Touchline's default, which a deployment may override (the web reads VITE_SUPPORT_EMAIL).
 */
export const defaultSupportEmail = 'support@touchline.app';

/** Texts of the Updated Policies modal (§2). */
export const updatedPoliciesTexts = {
  title: 'Updated Policies',
  intro: "We've made some important updates to our",
  termsLink: 'Terms of Service',
  privacyLink: 'Privacy Policy',
  termsCheckbox: 'I agree to the Terms of Service',
  acknowledgeButton: 'Acknowledge Updated Policies',
} as const;

/**
 * The sign-up form's agreement (issue 18 item 13): the spec's checkbox wording, extended to both policies because
 * sign-up records both, so a new account never meets the Updated Policies modal for policies it just accepted.
 */
export const signupPoliciesTexts = {
  before: 'I agree to the',
  between: 'and the',
  required: 'Agree to the Terms of Service and the Privacy Policy to create your account',
} as const;

/** Accessible name of a modal's close button (§2). */
export const closeModalLabel = 'Close modal';

/** Default label of the reusable button (§2). */
export const defaultButtonLabel = 'Submit';

/** Logged when refreshing the access token fails, before the user is signed out (§8). */
export const tokenRefreshFailedMessage = 'Error occurred during refreshing an access token';

/** Message when a response body cannot be parsed (§8). */
export const parseResponseFailedMessage = 'Failed to parse response data';

/** Error of plas-by-external-id when no external id is given (§5). */
export const externalIdRequiredMessage = 'externalId is required';

/** Thrown when PLAs for a partner site cannot be fetched (§8). */
export const unableToFetchPlasMessage = 'Unable to fetch PLAs for siteId';

/** Thrown for a non-OK HTTP response in the partner helpers (§8). */
export const httpErrorStatusMessage = 'HTTP error! status';

/** Thrown when a response is not valid JSON (§8). */
export const invalidJsonResponseMessage = 'Invalid JSON response';

/** The status-bearing thrown messages of §8, so client code and its tests build them one way. */
export const failureMessages = {
  backgroundCheckAgencies: (status: number | string): string =>
    `Failed to fetch background check agencies: ${status}`,
  availableClients: (status: number | string): string => `Failed to fetch available clients: ${status}`,
  previewProducts: (status: number | string): string => `Failed to preview products: ${status}`,
  addBackgroundCheckClient: (status: number | string): string =>
    `Failed to add background check client: ${status}`,
  usSoccerLicenses: (status: number | string): string => `Failed to fetch US Soccer licenses: ${status}`,
} as const;

/** The optional generic failure message of §8, 'Failed {context}: {status}'. */
export function failedContextMessage(context: string, status: number | string): string {
  return `Failed ${context}: ${status}`;
}
