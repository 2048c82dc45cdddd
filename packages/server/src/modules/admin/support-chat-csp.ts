// What the page's Content-Security-Policy must allow for the real Intercom Messenger (issue 32, ADR 042): Intercom's
// published allowlist ("Using Intercom with Content Security Policy", intercom.com/help/en/articles/3894, source
// allowlisting for CSP levels 1–2, all regions: US, EU, Australia). Only when a real INTERCOM_APP_ID is configured:
// our sandbox messenger is served from our own origin and needs nothing. style-src 'unsafe-inline', which Intercom
// also asks for, the page's policy already has.

/** The sources Intercom's Messenger needs, per directive. */
export type IntercomCspSources = {
  scriptSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
  fontSrc: string[];
  mediaSrc: string[];
  frameSrc: string[];
  formAction: string[];
};

const none: IntercomCspSources = {
  scriptSrc: [],
  connectSrc: [],
  imgSrc: [],
  fontSrc: [],
  mediaSrc: [],
  frameSrc: [],
  formAction: [],
};

const intercom: IntercomCspSources = {
  scriptSrc: ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connectSrc: [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api.au.intercom.io',
    'https://api.eu.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
    'https://api-ping.intercom.io',
    'https://*.intercom-messenger.com',
    'wss://*.intercom-messenger.com',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://nexus-europe-websocket.intercom.io',
    'wss://nexus-europe-websocket.intercom.io',
    'https://nexus-australia-websocket.intercom.io',
    'wss://nexus-australia-websocket.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomcdn.eu',
    'https://uploads.au.intercomcdn.com',
    'https://uploads.eu.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  imgSrc: [
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://downloads.intercomcdn.eu',
    'https://downloads.au.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
    'https://messenger-apps.eu.intercom.io',
    'https://messenger-apps.au.intercom.io',
    'https://*.intercom-attachments-1.com',
    'https://*.intercom-attachments.eu',
    'https://*.au.intercom-attachments.com',
    'https://*.intercom-attachments-2.com',
    'https://*.intercom-attachments-3.com',
    'https://*.intercom-attachments-4.com',
    'https://*.intercom-attachments-5.com',
    'https://*.intercom-attachments-6.com',
    'https://*.intercom-attachments-7.com',
    'https://*.intercom-attachments-8.com',
    'https://*.intercom-attachments-9.com',
    'https://static.intercomassets.eu',
    'https://static.au.intercomassets.com',
  ],
  fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  mediaSrc: [
    'https://js.intercomcdn.com',
    'https://downloads.intercomcdn.com',
    'https://downloads.intercomcdn.eu',
    'https://downloads.au.intercomcdn.com',
  ],
  // Intercom lists these under child-src; the page names frame-src (which child-src would not reach once set).
  frameSrc: [
    'https://intercom-sheets.com',
    'https://www.intercom-reporting.com',
    'https://www.youtube.com',
    'https://player.vimeo.com',
    'https://fast.wistia.net',
  ],
  formAction: [
    'https://intercom.help',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
  ],
};

/** Intercom's sources when a real workspace is configured; none for the sandbox messenger or no chat. */
export const intercomCspSources = (appId: string | undefined): IntercomCspSources =>
  appId ? intercom : none;
