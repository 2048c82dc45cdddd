/** What a verified delivery is about (every port's `readWebhook` answers this shape). */
export type WebhookHint = {
  eventId: string;
  objectType: string;
  objectId: string;
  occurredAt: Date | null;
};
