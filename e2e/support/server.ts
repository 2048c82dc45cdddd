import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Waits for the server's "running at <url>" line, then for /readyz; fails loudly with the server's output. */
function waitForUrl(child: ChildProcess, output: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 180 s:\n${output.join('')}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /Touchline is running at (http:\/\/\S+)/.exec(output.join(''));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
}

/**
 * The in-process sandboxes' addresses, from the lines the server prints at start ("Yardstik sandbox (a stand-in…)
 * at http://127.0.0.1:…"), by the name's first word in lower case: `yardstik`, `stripe`, `tazworks-platform`…
 */
function sandboxesIn(output: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of output.matchAll(/^(\S+)[^\n]*? sandbox [^\n]*? at (http:\/\/127\.0\.0\.1:\d+)/gm))
    if (m[1] && m[2]) found[m[1].toLowerCase()] ??= m[2];
  return found;
}

/** A free local port: the server needs its own address up front, for e-mailed links and sign-out returns. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Access tokens live this long in the browser suite, so a journey can outlast one and see it refreshed. */
export const e2eAccessTokenTtlSeconds = 45;

/** Where the built web and server are; global-setup checks they exist before any worker starts a server. */
export function builtApp() {
  // WEB_DIST_DIR lets several checkouts' builds coexist (a build elsewhere than packages/web/dist).
  const webDist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist'));
  return { webDist, serverMain: path.join(repoRoot, 'packages/server/dist/main.js') };
}

/**
 * Starts the built app the way `npm start` does (the compiled server under plain node, embedded database, demo
 * seed) on a free port in a fresh DATA_DIR. Each Playwright worker starts its own (fixtures.ts), so workers share no
 * data: a journey sees the demo league as the seed and its own worker's earlier journeys left it.
 */
export async function startServer(): Promise<{
  url: string;
  sandboxes: Record<string, string>;
  stop: () => Promise<void>;
}> {
  const { webDist, serverMain } = builtApp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-e2e-'));
  const output: string[] = [];
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ACCESS_TOKEN_TTL_SECONDS: String(e2eAccessTokenTtlSeconds),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The review journey prepares fifty members through the API: more calls a minute than a person makes.
      RATE_LIMIT_PER_MINUTE: '5000',
      // …and registers them each from an address of their own (X-Forwarded-For).
      TRUST_PROXY: 'true',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForUrl(child, output).then(
    (found) => found.replace('://localhost', '://127.0.0.1'),
    (error: unknown) => {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  for (let i = 0; i < 50; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    sandboxes: sandboxesIn(output.join('')),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
