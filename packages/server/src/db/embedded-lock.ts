import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the lock file records: enough to tell the process that wrote it from a later one given the same pid. */
type LockRecord = { pid: number; startTime: string | null; instanceId: string };

/** This process's id for the lock file; a lock naming another id with our pid is a previous life (a container). */
const instanceId = randomUUID();

/**
 * A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where /proc is not
 * available. Pid and start time together name one process: a reused pid has a later start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** When a process started, in ms since the epoch (Linux: boot time + start ticks at the usual 100 Hz). */
function processStartedAtMs(pid: number): number | null {
  const ticks = processStartTime(pid);
  if (ticks === null) return null;
  try {
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1];
    return btime === undefined ? null : Number(btime) * 1000 + Number(ticks) * 10;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(lock: string): LockRecord | { pid: number; legacy: true } | null {
  let text: string;
  try {
    text = fs.readFileSync(lock, 'utf8');
  } catch {
    return null;
  }
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), legacy: true };
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (typeof parsed.pid === 'number' && typeof parsed.instanceId === 'string') {
      return { pid: parsed.pid, startTime: parsed.startTime ?? null, instanceId: parsed.instanceId };
    }
  } catch {
    // An unreadable lock (a crash mid-write) protects nothing.
  }
  return null;
}

/**
 * Whether the lock's writer may still be running. A live pid is not enough: after a reboot or in a container the
 * pid may belong to an unrelated process, so the recorded start time must match too. A legacy lock (only a pid)
 * cannot have been written by a process that started after the file was last written.
 */
function heldByAnother(lock: string): number | null {
  const record = readLock(lock);
  if (record === null || record.pid === process.pid || !isAlive(record.pid)) return null;
  if ('legacy' in record) {
    const startedAt = processStartedAtMs(record.pid);
    const writtenAt = fs.statSync(lock).mtimeMs;
    // Two seconds of slack for the tick rounding; without /proc, a live pid keeps the lock as before.
    return startedAt !== null && startedAt > writtenAt + 2000 ? null : record.pid;
  }
  if (record.instanceId === instanceId) return null;
  const startTime = processStartTime(record.pid);
  return startTime !== null && record.startTime !== null && startTime !== record.startTime
    ? null
    : record.pid;
}

/**
 * Takes the embedded database's lock file for this process, or throws if another live process holds it. A lock
 * left by a process that is gone, or whose pid now names an unrelated process, is taken over (ADR 018).
 */
export function acquireEmbeddedLock(lock: string): void {
  const record: LockRecord = { pid: process.pid, startTime: processStartTime(process.pid), instanceId };
  try {
    fs.writeFileSync(lock, JSON.stringify(record), { flag: 'wx' });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const holder = heldByAnother(lock);
  if (holder !== null) {
    throw new Error(
      `The embedded database in ${path.dirname(lock)} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  fs.writeFileSync(lock, JSON.stringify(record));
}
