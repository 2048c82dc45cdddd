import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './client.ts';
import { acquireEmbeddedLock, processStartTime } from './embedded-lock.ts';

const onLinux = fs.existsSync('/proc/self/stat');

// Issue 16 item 7: a lock file naming a live process that is not Touchline (a reused pid after a reboot or in a
// container) blocked start-up until deleted by hand. The lock now names one process, not just a pid (ADR 018).
describe.runIf(onLinux)('the embedded database lock', () => {
  let other: ChildProcess;
  let dir: string;
  beforeAll(async () => {
    // An unrelated live process whose pid a stale lock names.
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-lock-'));
  });
  afterAll(() => {
    other.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const lockFile = (name: string) => path.join(dir, name);
  const pid = () => other.pid ?? 0;

  it('opens the database over an old pid-only lock naming a process started after the lock was written', async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
    const lock = path.join(dataDir, 'db.lock');
    fs.writeFileSync(lock, String(pid()));
    const longAgo = new Date(Date.now() - 24 * 3600 * 1000);
    fs.utimesSync(lock, longAgo, longAgo);
    const database = await openEmbedded(dataDir);
    expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    await database.close();
    expect(fs.existsSync(lock)).toBe(false);
    // A new PGlite directory runs initdb: seconds on a busy machine.
  }, 120_000);

  it('takes over a lock whose pid is alive but started at another time than the lock records', () => {
    const lock = lockFile('reused.lock');
    fs.writeFileSync(
      lock,
      JSON.stringify({ pid: pid(), startTime: '1', instanceId: 'an-earlier-touchline' }),
    );
    acquireEmbeddedLock(lock);
    expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toMatchObject({
      pid: process.pid,
      startTime: processStartTime(process.pid),
    });
  });

  it('takes over a lock whose process is gone', () => {
    const lock = lockFile('gone.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 7, startTime: '1', instanceId: 'gone' }));
    acquireEmbeddedLock(lock);
    expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('refuses a lock held by the live process it names', () => {
    const lock = lockFile('held.lock');
    const held = { pid: pid(), startTime: processStartTime(pid()), instanceId: 'another-touchline' };
    fs.writeFileSync(lock, JSON.stringify(held));
    expect(() => acquireEmbeddedLock(lock)).toThrow(`is in use by process ${pid()}`);
    expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toEqual(held);
  });

  it('refuses an old pid-only lock written while the process it names was running', () => {
    const lock = lockFile('legacy-held.lock');
    fs.writeFileSync(lock, String(pid()));
    expect(() => acquireEmbeddedLock(lock)).toThrow(`is in use by process ${pid()}`);
  });
});
