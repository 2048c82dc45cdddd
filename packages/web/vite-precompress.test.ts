import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './vite-precompress.ts';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies beside text assets that decompress to the original', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = 'export const value = "touchline";\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    const done = await precompressDirectory(dir);

    expect(done).toEqual([path.join(dir, 'assets', 'index-abc.js')]);
    const js = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, 'assets', 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.gz'))).toBe(false);
  });
});
