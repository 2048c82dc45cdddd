import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('serving the built SPA', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Touchline</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-Abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'index-Abc123.js.br'), brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-Abc123.js.gz'), gzipSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'assets', 'plain-Def456.css'), 'a{}');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // What a build may leave beside the assets and must never be served (ADR 029): source maps, plain and
    // precompressed, and the chunk manifest under .vite/.
    const map = JSON.stringify({ version: 3, sources: ['../src/secret.ts'], mappings: 'AAAA' });
    fs.writeFileSync(path.join(dist, 'assets', 'index-Abc123.js.map'), map);
    fs.writeFileSync(path.join(dist, 'assets', 'index-Abc123.js.map.br'), brotliCompressSync(map));
    fs.writeFileSync(path.join(dist, 'assets', 'index-Abc123.js.map.gz'), gzipSync(map));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      '{"index.html":{"file":"assets/index-Abc123.js"}}',
    );
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject('/assets/index-Abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers with the precompressed copy the request accepts, and identity otherwise', async () => {
    const br = await t.app.inject({
      url: '/assets/index-Abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync('console.log(1)'))).toBe(true);

    const gz = await t.app.inject({ url: '/assets/index-Abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gz.rawPayload.equals(gzipSync('console.log(1)'))).toBe(true);

    const identity = await t.app.inject({ url: '/assets/index-Abc123.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(String(identity.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(identity.body).toBe('console.log(1)');

    // A file the build left uncompressed (too small) is sent as it is even to a client accepting br.
    const small = await t.app.inject({
      url: '/assets/plain-Def456.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('a{}');
  });

  it('never serves source maps or the build manifest, however asked', async () => {
    const asks = [
      { url: '/assets/index-Abc123.js.map', headers: { accept: '*/*' } },
      { url: '/assets/index-Abc123.js.map', headers: { accept: '*/*', 'accept-encoding': 'br' } },
      { url: '/assets/index-Abc123.js.map', headers: { accept: '*/*', 'accept-encoding': 'gzip' } },
      { url: '/assets/index-Abc123.js.map.br', headers: { accept: '*/*' } },
      { url: '/assets/index-Abc123.js.map.gz', headers: { accept: '*/*' } },
      { url: '/assets/INDEX-Abc123.js.MAP', headers: { accept: '*/*' } },
      { url: '/.vite/manifest.json', headers: { accept: '*/*' } },
      { url: '/.vite/manifest.json', headers: { accept: '*/*', 'accept-encoding': 'br' } },
    ];
    for (const ask of asks) {
      const res = await t.app.inject(ask);
      expect(res.statusCode, ask.url).toBe(404);
      expect(res.json().error.code, ask.url).toBe('not_found');
      expect(res.body, ask.url).not.toContain('mappings');
      expect(res.body, ask.url).not.toContain('secret.ts');
    }
    // A browser opening one gets the app's page, as for any unknown address: still not the map.
    const page = await t.app.inject({ url: '/assets/index-Abc123.js.map', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<div id="root">');
    expect(page.body).not.toContain('mappings');
    // The script itself is still served (the refusal is about maps, not their neighbours).
    expect((await t.app.inject('/assets/index-Abc123.js')).statusCode).toBe(200);
  });

  it('serves other files and index.html without long caching', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with index.html (history fallback)', async () => {
    for (const url of ['/', '/dashboard', '/account/settings?tab=1', '/admin/organizations/42']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps a JSON 404 for API paths and for non-HTML requests', async () => {
    const api = await t.app.inject({ url: '/api/app/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const missingAsset = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });
});
