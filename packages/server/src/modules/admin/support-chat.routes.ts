import type { FastifyInstance } from 'fastify';
import { intercomSandboxScript } from '@touchline/sandbox/intercom/messenger-script';

/** Where the development server serves our sandbox messenger (same origin, so the page's CSP allows it). */
export const sandboxWidgetPath = '/sandbox/intercom/widget.js';

/**
 * The support chat's configuration for the web (issue 32): the Intercom workspace when INTERCOM_APP_ID is set;
 * otherwise, outside production, our sandbox messenger that the same SDK loads through its widget URL; in
 * production without an app id, no chat.
 */
export async function supportChatRoutes(
  app: FastifyInstance,
  opts: { appId: string | undefined; production: boolean; identified: boolean },
) {
  const sandbox = !opts.appId && !opts.production;
  app.get('/api/support-chat/config', { config: { public: true }, schema: { hide: true } }, async () => ({
    appId: opts.appId ?? (sandbox ? 'sandbox' : null),
    widgetUrl: sandbox ? sandboxWidgetPath : null,
    // Whether POST /api/intercom-jwt signs identities here (INTERCOM_SECRET); without it the chat is anonymous.
    identified: opts.identified,
  }));
  if (sandbox)
    app.get(
      sandboxWidgetPath,
      { config: { public: true }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('x-sandbox', 'intercom')
          .send(intercomSandboxScript),
    );
}
