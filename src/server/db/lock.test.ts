/**
 * The embedded database's directory lock (issue #10): a lock left by a crashed server is taken
 * over at once, a live holder keeps it. The holder runs in a child process, as a second server
 * on the same DATA_DIR would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const lockModule = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'lock.ts')).href;
const HOLDER = "const { lockDataDir } = await import(process.argv[1]); await lockDataDir(process.argv[2]); process.stdout.write('locked\\n'); setInterval(() => {}, 1000);";

const children: ChildProcess[] = [];
const dirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a process that takes the lock and keeps it until killed; resolves once it holds it. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HOLDER, lockModule, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited (${code}): ${stderr}`)));
  });
  return child;
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited; // reaped: its pid no longer exists
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) await killHard(child);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database lock', () => {
  it('refuses a second server while the first one runs', async () => {
    const dataDir = tempDataDir();
    const first = await holder(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    // still refused a moment later: a live holder keeps its lock fresh
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(first.exitCode).toBeNull();
  });

  it('takes over at once the lock of a server killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    const crashed = await holder(dataDir);
    await killHard(crashed);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true); // left behind by the crash

    const started = performance.now();
    const release = await lockDataDir(dataDir);
    expect(performance.now() - started).toBeLessThan(2_000); // not the 15 s staleness wait
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock.pid'), 'utf8'))).toMatchObject({ pid: process.pid });

    // and it is ours now: another server is refused, until we let go
    await expect(holder(dataDir)).rejects.toThrow(/Another process is already using the embedded database/);
    await release();
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db.lock.pid'))).toBe(false);
    const next = await holder(dataDir);
    expect(next.exitCode).toBeNull();
  });

  it('refuses a second lock on the same folder from the same process', async () => {
    const dataDir = tempDataDir();
    const release = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await release();
    }
  });
});
