import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sandboxWidgetPath } from './support-chat.routes.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));
const start = async (env: Record<string, string> = {}) => {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
};

describe('GET /api/support-chat/config', () => {
  it('names our sandbox messenger outside production when no Intercom app is configured, and serves it', async () => {
    const t = await start();
    const config = await t.app.inject({ url: '/api/support-chat/config' });
    expect(config.json()).toEqual({ appId: 'sandbox', widgetUrl: sandboxWidgetPath, identified: false });
    const script = await t.app.inject({ url: sandboxWidgetPath });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.headers['x-sandbox']).toBe('intercom');
    expect(script.body).toContain('Support chat (sandbox)');
    // Same origin: the page's policy names no Intercom origin at all.
    expect(config.headers['content-security-policy']).not.toContain('intercom');
  }, 60_000);

  it('names the Intercom workspace when configured, with no sandbox served', async () => {
    const t = await start({ INTERCOM_APP_ID: 'abc123de', INTERCOM_SECRET: 'intercom-secret-0123456789' });
    expect((await t.app.inject({ url: '/api/support-chat/config' })).json()).toEqual({
      appId: 'abc123de',
      widgetUrl: null,
      identified: true,
    });
    expect((await t.app.inject({ url: sandboxWidgetPath })).statusCode).toBe(404);
  }, 60_000);

  it("adds Intercom's published origins to the page's CSP when a real workspace is configured", async () => {
    const t = await start({ INTERCOM_APP_ID: 'abc123de' });
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    expect(directive('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://widget.intercom.io', 'https://js.intercomcdn.com']),
    );
    expect(directive('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api-iam.intercom.io',
        'wss://nexus-websocket-a.intercom.io',
      ]),
    );
    expect(directive('img-src')).toEqual(
      expect.arrayContaining(['data:', 'https://static.intercomassets.com']),
    );
    expect(directive('font-src')).toContain('https://fonts.intercomcdn.com');
    expect(directive('media-src')).toContain('https://js.intercomcdn.com');
    expect(directive('frame-src')).toContain('https://intercom-sheets.com');
    expect(directive('form-action')).toEqual(expect.arrayContaining(["'self'", 'https://intercom.help']));
    // The rest of the policy is unchanged.
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
  }, 60_000);

  it('refuses a malformed app id at start-up', async () => {
    await expect(start({ INTERCOM_APP_ID: 'not an id!' })).rejects.toThrow(/INTERCOM_APP_ID/);
  });
});
