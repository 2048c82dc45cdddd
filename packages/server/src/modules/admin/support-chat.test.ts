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

  it('refuses a malformed app id at start-up', async () => {
    await expect(start({ INTERCOM_APP_ID: 'not an id!' })).rejects.toThrow(/INTERCOM_APP_ID/);
  });
});
