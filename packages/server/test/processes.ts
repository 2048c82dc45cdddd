import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * How a test starts the server as a real process, in one place so it can switch to the compiled build: Node 24 from
 * node_modules with the TypeScript loader, run from the repository root like `npm start`.
 */
export const serverCommand = {
  command: path.join(repoRoot, 'node_modules/.bin/node'),
  args: ['--import', 'tsx', 'packages/server/src/main.ts'],
  cwd: repoRoot,
};

/** Every process started and not yet exited: killed when the test worker exits, even after a failed hook. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** How a server process ended. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null };

/** A running server process: its URL, its output so far, and how to signal it and wait for its end. */
export type ServerProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  logs: () => string;
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves when the process has exited, however. */
  exited: Promise<ProcessExit>;
  /** SIGTERM, then SIGKILL if it has not exited within `timeoutMs`; resolves with the exit. */
  stop: (timeoutMs?: number) => Promise<ProcessExit>;
};

/** A TCP port nothing listens on right now (the server gets it through PORT; never a fixed port in tests). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls /readyz until it answers 200; rejects with the process's output if it exits or the time runs out. */
async function untilReady(
  url: string,
  exited: Promise<ProcessExit>,
  logs: () => string,
  timeoutMs: number,
): Promise<void> {
  let exit: ProcessExit | null = null;
  void exited.then((e) => (exit = e));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`the server exited before it was ready (${JSON.stringify(exit)}):\n${logs()}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${logs()}`);
}

/**
 * Starts the server as its own process on a free port with its own DATA_DIR, waits until /readyz answers 200 and
 * returns a handle; `env` is laid over a quiet test environment. Used by the fault and multi-instance tests.
 */
export async function startServerProcess(
  opts: {
    env?: Record<string, string>;
    readyTimeoutMs?: number;
    /** A data directory kept after the process ends (the start-up stop test restarts on it); else a temporary one. */
    dataDir?: string;
    /** false: return at once, without waiting for /readyz (to signal the process while it starts). */
    waitForReady?: boolean;
    /** A compiled entry point to run with plain node, as production does, instead of the sources under tsx. */
    compiledMain?: string;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-process-'));
  const args = opts.compiledMain ? ['--enable-source-maps', opts.compiledMain] : serverCommand.args;
  const child = spawn(serverCommand.command, args, {
    cwd: serverCommand.cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // Instances on one database seal the shared signing keys under one secret (ADR 019), as a deployment must.
      IDENTITY_KEY_ENCRYPTION_KEY: 'process-tests-key-encryption-secret-0123456789',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logs = () => output;
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const signal = (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  };
  const stop = async (timeoutMs = 15_000) => {
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), timeoutMs);
    const exit = await exited;
    clearTimeout(timer);
    return exit;
  };
  const url = `http://127.0.0.1:${port}`;
  if (opts.waitForReady === false) return { url, pid: child.pid ?? 0, child, logs, signal, exited, stop };
  try {
    await untilReady(url, exited, logs, opts.readyTimeoutMs ?? 150_000);
  } catch (err) {
    signal('SIGKILL');
    throw err;
  }
  return { url, pid: child.pid ?? 0, child, logs, signal, exited, stop };
}

/** Waits for a process started with `waitForReady: false` to answer /readyz 200. */
export function waitForReady(server: ServerProcess, timeoutMs = 150_000): Promise<void> {
  return untilReady(server.url, server.exited, server.logs, timeoutMs);
}
