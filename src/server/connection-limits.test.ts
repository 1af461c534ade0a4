/**
 * One address holding many slow connections (headers trickled in) no longer locks the others out:
 * connections are capped per client address under the total cap. The slow clients connect from
 * 127.0.0.2, the legitimate ones from 127.0.0.1 (both loopback on Linux).
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestServer, TEST_KEY } from './testing/fixture.ts';
import { send } from './testing/http-client.ts';

/** A client that opens a request and never finishes its headers; resolves once the server has it or refused it. */
function slowClient(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    socket.on('error', () => resolve(socket));
    socket.on('close', () => resolve(socket));
    socket.on('connect', () => {
      socket.write(`POST /tagger/annotation HTTP/1.1\r\nHost: test\r\napikey: ${TEST_KEY}\r\n`);
      setTimeout(() => resolve(socket), 20);
    });
  });
}

describe('connections per client address', () => {
  it('leave every other client served while one address holds more slow connections than the total cap', async () => {
    const app = await buildTestServer({ maxConnections: 100, maxConnectionsPerAddress: 20, requestTimeoutMs: 60_000 });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(url).port);
    const slow: Socket[] = [];
    try {
      for (let i = 0; i < 150; i++) slow.push(await slowClient(port));
      const held = slow.filter((s) => !s.destroyed && !s.closed);
      expect(held.length).toBe(20);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, () =>
          send(`${url}/tagger/annotation`, { headers: { apikey: TEST_KEY }, body: '{"text": "dolor"}' }).then((r) => r.status),
        ),
      );
      expect(statuses).toEqual(Array(30).fill(200));
    } finally {
      for (const socket of slow) socket.destroy();
      await app.close();
    }
  }, 60_000);
});
