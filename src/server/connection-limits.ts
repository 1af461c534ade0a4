/**
 * Open connections counted per client address, under the total cap (`server.maxConnections`): one
 * address holding many connections (slow clients trickling their headers) can no longer fill the
 * total and lock every other client out. A connection over its address's share is closed at once.
 * The address is the socket's peer: behind a trusted proxy every client shares the proxy's
 * address, so the cap is not applied there (see app.ts).
 */
import type { Server } from 'node:net';

export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
