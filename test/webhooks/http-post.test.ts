// The webhook POST is bounded as a whole: a receiver that keeps the socket busy without
// ever answering times out, and an answer's body (however long) is never waited for.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, test } from 'node:test';
import { postJson } from '../../src/webhooks/http-post.ts';

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

/** A raw TCP receiver; `onConnection` writes whatever (partial) HTTP it wants, forever. */
async function rawReceiver(onConnection: (socket: net.Socket) => void): Promise<URL> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`);
}

/** Writes `chunk` every 20 ms until the socket closes. */
function trickle(socket: net.Socket, first: string, chunk: string): void {
  socket.write(first);
  const timer = setInterval(() => socket.write(chunk), 20);
  socket.on('close', () => clearInterval(timer));
}

after(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

const send = (url: URL) => postJson(url, '{"type":"test"}', {}, { timeoutMs: 300, allowPrivate: true });

test('headers trickled byte by byte never finish: the attempt ends with a timeout', { timeout: 10_000 }, async () => {
  const url = await rawReceiver((socket) => trickle(socket, 'HTTP/1.1 200 OK\r\n', 'X-Slow: a\r\n'));
  const result = await send(url);
  assert.equal(result.statusCode, null);
  assert.equal(result.error, 'timeout');
});

test('an endless answer body: the status counts as soon as the headers arrive', { timeout: 10_000 }, async () => {
  const url = await rawReceiver((socket) => trickle(socket, 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', '4\r\nmore\r\n'));
  const result = await send(url);
  assert.equal(result.statusCode, 200);
  assert.equal(result.error, null);
});
