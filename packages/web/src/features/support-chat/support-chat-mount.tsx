import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { intercomJwtResponseSchema } from '@touchline/contracts/auth';
import { api } from '../../lib/api-client.ts';
import { isSessionLoggedIn, useSession } from '../../lib/session.ts';
import { createSupportChat, type Messenger } from './support-chat.ts';

/** What the server says of the chat (GET /api/support-chat/config). */
type ChatConfig = { appId: string | null; widgetUrl: string | null; identified: boolean };

/**
 * The official Intercom Messenger SDK as the chat's messenger, loaded on the first boot only: Intercom's widget for a
 * configured workspace, or our sandbox messenger through the SDK's widget URL.
 */
function sdkMessenger(config: { appId: string; widgetUrl: string | null }): Messenger {
  const sdk = import('@intercom/messenger-js-sdk');
  let initialised = false;
  return {
    boot(settings) {
      void sdk.then((m) => {
        if (!initialised) {
          initialised = true;
          m.Intercom({
            app_id: config.appId,
            ...settings,
            ...(config.widgetUrl ? { widgetUrl: config.widgetUrl } : {}),
          });
        } else m.boot({ app_id: config.appId, ...settings });
      });
    },
    update(settings) {
      void sdk.then((m) => m.update(settings));
    },
    shutdown() {
      void sdk.then((m) => m.shutdown());
    },
  };
}

/** The support chat of the signed-in shell (issue 32): renders nothing, drives the messenger on route changes. */
export function SupportChat() {
  const { pathname } = useLocation();
  const current = useSession();
  const signedIn = isSessionLoggedIn(current);
  const [config, setConfig] = useState<ChatConfig | null>(null);
  const chat = useRef<ReturnType<typeof createSupportChat> | null>(null);

  useEffect(() => {
    let live = true;
    fetch('/api/support-chat/config', { headers: { accept: 'application/json' } })
      .then(async (res) => (res.ok ? ((await res.json()) as ChatConfig) : null))
      .then((answer) => {
        if (live) setConfig(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const appId = config?.appId;
    if (!appId) return;
    const created = createSupportChat({
      messenger: sdkMessenger({ appId, widgetUrl: config.widgetUrl }),
      fetchJwt: async (signal) => {
        if (!config.identified) return null;
        const answer = await api.post('/api/intercom-jwt', undefined, {
          schema: intercomJwtResponseSchema,
          signal,
        });
        if (!answer) throw new Error('The support-chat JWT answer was empty');
        return answer.intercom_user_jwt;
      },
      log: (message, error) => console.warn(message, error),
    });
    chat.current = created;
    return () => {
      created.dispose();
      chat.current = null;
    };
  }, [config]);

  useEffect(() => {
    chat.current?.route(pathname, signedIn);
  }, [pathname, signedIn, config]);

  return null;
}
