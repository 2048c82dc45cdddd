import { describe, expect, it } from 'vitest';

import {
  closeModalLabel,
  defaultButtonLabel,
  defaultSupportEmail,
  errorScreenTexts,
  externalIdRequiredMessage,
  failedContextMessage,
  failureMessages,
  httpErrorStatusMessage,
  invalidJsonResponseMessage,
  parseResponseFailedMessage,
  tokenRefreshFailedMessage,
  unableToFetchPlasMessage,
  updatedPoliciesTexts,
} from './messages.ts';

describe('user-facing texts', () => {
  it('the error screen uses the spec wording', () => {
    expect(errorScreenTexts).toEqual({
      applicationTitle: 'Oops! Something went wrong',
      applicationMessage:
        'We encountered an unexpected error. Our team has been automatically notified and is working to fix this issue.',
      illustrationAlt: 'Application Error',
      retryButton: 'Try Again',
      homeButton: 'Return to Home',
      contactSupport: 'If this problem persists, please contact',
      errorCodePrefix: 'Error Code: ',
      devDetailsSummary: 'Error Details (Development Only)',
    });
  });

  it('the support address defaults to ours', () => {
    expect(defaultSupportEmail).toBe('support@touchline.app');
  });

  it('the Updated Policies modal uses the spec wording', () => {
    expect(updatedPoliciesTexts).toEqual({
      title: 'Updated Policies',
      intro: "We've made some important updates to our",
      termsLink: 'Terms of Service',
      privacyLink: 'Privacy Policy',
      termsCheckbox: 'I agree to the Terms of Service',
      acknowledgeButton: 'Acknowledge Updated Policies',
    });
  });

  it('component defaults are the spec labels', () => {
    expect(closeModalLabel).toBe('Close modal');
    expect(defaultButtonLabel).toBe('Submit');
  });

  it('fixed error messages are the spec texts', () => {
    expect(tokenRefreshFailedMessage).toBe('Error occurred during refreshing an access token');
    expect(parseResponseFailedMessage).toBe('Failed to parse response data');
    expect(externalIdRequiredMessage).toBe('externalId is required');
    expect(unableToFetchPlasMessage).toBe('Unable to fetch PLAs for siteId');
    expect(httpErrorStatusMessage).toBe('HTTP error! status');
    expect(invalidJsonResponseMessage).toBe('Invalid JSON response');
  });

  it('status messages follow the spec templates', () => {
    expect(failureMessages.backgroundCheckAgencies(500)).toBe(
      'Failed to fetch background check agencies: 500',
    );
    expect(failureMessages.availableClients(404)).toBe('Failed to fetch available clients: 404');
    expect(failureMessages.previewProducts(400)).toBe('Failed to preview products: 400');
    expect(failureMessages.addBackgroundCheckClient(409)).toBe('Failed to add background check client: 409');
    expect(failureMessages.usSoccerLicenses(503)).toBe('Failed to fetch US Soccer licenses: 503');
    expect(failedContextMessage('to load invoices', 502)).toBe('Failed to load invoices: 502');
  });
});
