/**
 * Debian's redis-server and nginx for the tests of shared limits and of the deployment topology,
 * started on free loopback ports in a temporary directory. When one is missing the test fails at
 * once with the command that installs it: it never skips silently.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The path of a program, or an error that says how to install it. */
export function requireProgram(name: string, debianPackage: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (found !== '') return found;
  throw new Error(`${name} is missing: apt-get install ${debianPackage}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface External {
  readonly port: number;
  readonly url: string;
  /** The process, for tests that hang it (SIGSTOP) and wake it (SIGCONT). */
  readonly pid: number;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

/** Waits until `ready` reports true, polling; fails after `ms`. */
async function waitFor(what: string, ready: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not start within ${ms} ms`);
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => resolve(false));
    socket.on('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.write('PING\r\n');
  });
}

/** A throw-away redis-server on `port` (a free one if not given): no persistence, loopback only. */
export async function startRedis(port?: number): Promise<External> {
  const bin = requireProgram('redis-server', 'redis-server');
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'glosa-redis-'));
  const child = spawn(
    bin,
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
    { stdio: 'ignore' },
  );
  await waitFor('redis-server', () => redisPing(chosen));
  return { port: chosen, url: `redis://127.0.0.1:${chosen}`, pid: child.pid!, stop: stopper(child) };
}

/** nginx in the foreground with `httpConfig` as its http block, on a free port, as this user. */
export async function startNginx(httpConfig: (port: number) => string): Promise<External> {
  const bin = requireProgram('nginx', 'nginx');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'glosa-nginx-'));
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
      `events { worker_connections 256; }\n` +
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n` +
      `  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${httpConfig(port)}\n}\n`,
  );
  const child = spawn(bin, ['-p', dir, '-c', config, '-e', `${dir}/error.log`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = stopper(child);
  try {
    await waitFor('nginx', async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return (await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined)) !== undefined;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}
