/** Starts `glosa serve` as a child process on loopback and resolves with its URL once listening. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

const BIN = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));

/** `bin`: another checkout's `bin/glosa.mjs` (to compare revisions); this one's by default. */
export async function startServerProcess(args: string[], env: Record<string, string>, bin = BIN): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bin, 'serve', '--host', '127.0.0.1', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`glosa serve exited with code ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const url = /listening on (\S+)/.exec(firstLine)?.[1];
  if (url === undefined) throw new Error(`unexpected first line from glosa serve: ${firstLine}`);
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
