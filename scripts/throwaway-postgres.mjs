/**
 * Starts a throwaway PostgreSQL server from the machine's binaries (Debian's
 * /usr/lib/postgresql/<version>/bin, or PG_BIN), trust auth on 127.0.0.1 and a free port, in a
 * temporary directory; `stop()` shuts it down and removes the directory. As root, initdb is run
 * as the `postgres` user (initdb refuses root). Returns null when no binaries are found.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPostgresBin() {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-pg-'));
  const asPostgres = (cmd, args) =>
    isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=off`, '-w', 'start']);
  const version = execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    /** The server's log (what `log_statement` writes, for one). */
    logFile: path.join(dir, 'server.log'),
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
