import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** ARCHITECTURE §1: the identity service runs as its own process, on its own origin. */
describe('identity as its own process (src/main.ts)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-main-'));
  const output: string[] = [];
  let origin = '';
  let child: ReturnType<typeof spawn>;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        IDENTITY_PORT: String(port),
        IDENTITY_PUBLIC_URL: origin,
        APP_URL: 'http://app.test',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
    child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
    for (let i = 0; i < 300; i += 1) {
      const up = await fetch(`${origin}/.well-known/openid-configuration`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      if (child.exitCode !== null) throw new Error(`identity exited:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`identity did not start:\n${output.join('')}`);
  }, 90_000);
  afterAll(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes discovery and JWKS on its own origin, allows the app origin cross-origin, and takes sign-ups', async () => {
    const discovery = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as {
      token_endpoint: string;
    };
    expect(discovery.token_endpoint).toBe(`${origin}/connect/token`);
    const jwks = (await (await fetch(`${origin}/.well-known/jwks.json`)).json()) as { keys: unknown[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    const preflight = await fetch(`${origin}/connect/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.test');
    const register = await fetch(`${origin}/api/app/app-users/register-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'solo@example.org',
        password: 'a long password',
        firstName: 'So',
        lastName: 'Lo',
        acceptedPolicies: true,
      }),
    });
    expect(register.status).toBe(200);
    const wrong = await fetch(`${origin}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'touchline-web',
        scope: 'openid',
        username: 'solo@example.org',
        password: 'nope',
      }),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
