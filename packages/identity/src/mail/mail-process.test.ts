import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

/** ADR 022: the standalone identity process loses no account mail to a crash or to a mail server that is down. */
describe('account mail of identity as its own process (src/main.ts)', { timeout: 480_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-mail-'));
  let sink: SmtpSink;
  let databaseUrl = '';
  let dropDatabase = async () => undefined as void;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const name = `identity_mail_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      };
    }
  });
  afterAll(async () => {
    await sink.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (): Promise<{ origin: string; child: ChildProcess; output: string[] }> => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        IDENTITY_PORT: String(port),
        IDENTITY_PUBLIC_URL: origin,
        APP_URL: 'http://app.test',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SMTP_URL: sink.url,
        // Generous: on a loaded CI machine a 2 s limit timed out on a working sink and backed the retry off further.
        SMTP_TIMEOUT_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
    child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`identity exited:\n${output.join('')}`);
        return fetch(`${origin}/.well-known/openid-configuration`).then(
          (r) => r.ok,
          () => false,
        );
      },
      'identity to start',
      120_000,
    );
    return { origin, child, output };
  };
  const exitOf = (child: ChildProcess) =>
    child.exitCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  it('delivers a confirmation committed while SMTP was down, after a kill -9, from the next start; exits 0 on SIGTERM', async () => {
    sink.setMode('down');
    const first = await start();
    const connectsBefore = sink.connects.length;
    const register = await fetch(`${first.origin}/api/app/app-users/register-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'crash@example.org',
        password: 'a long password',
        firstName: 'Cr',
        lastName: 'Ash',
        acceptedPolicies: true,
      }),
    });
    expect(register.status).toBe(200);
    // The worker tried and the mail server refused: the message is committed and unsent when the process dies.
    await eventually(() => sink.connects.length > connectsBefore, 'a refused attempt', 60_000);
    // Killed only once the refusal is recorded: killed mid-attempt, the message would keep its 5-minute lease (the
    // guard against a second send while one may be in flight) and the next start would rightly wait it out. Under
    // load that window is wide, and a kill in it made this test wait past its limit.
    await eventually(
      () => first.output.join('').includes('it will be retried'),
      'the refusal recorded',
      60_000,
    );
    first.child.kill('SIGKILL');
    await exitOf(first.child);

    sink.setMode('up');
    const second = await start();
    // The refused attempt set the default backoff (15 s ± 20 %) before the next try.
    await eventually(
      () => sink.received.some((m) => m.to.includes('crash@example.org')),
      'the confirmation after the restart',
      180_000,
    );
    expect(sink.received.filter((m) => m.to.includes('crash@example.org'))).toEqual([
      expect.objectContaining({ subject: 'Confirm your e-mail address' }),
    ]);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  });
});
