import net from 'node:net';

export type TcpRelay = Awaited<ReturnType<typeof startTcpRelay>>;

/**
 * A TCP relay in front of a server (the test PostgreSQL), for tests of a database that goes away or goes
 * silent. down() cuts every connection and refuses new ones, as a stopped server does; up() listens again
 * on the same port. stall() closes nothing but forwards nothing either way, on new connections too, as a
 * network partition or a hung server does; resume() delivers what waited and forwards again (TCP resends
 * what a short partition held back).
 */
export async function startTcpRelay(target: URL) {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let server: net.Server | undefined;
  let port = 0;
  let cutNext = false;
  let held: { to: net.Socket; chunk: Buffer }[] | undefined;
  const send = (to: net.Socket, chunk: Buffer) => {
    if (held) held.push({ to, chunk });
    else if (!to.destroyed) to.write(chunk);
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const pair = { client, upstream };
        pairs.add(pair);
        for (const socket of [client, upstream]) {
          socket.on('error', () => undefined);
          socket.on('close', () => {
            pairs.delete(pair);
            client.destroy();
            upstream.destroy();
          });
        }
        client.on('data', (chunk: Buffer) => {
          if (!cutNext) return send(upstream, chunk);
          // The server "goes away" just as this message is sent.
          cutNext = false;
          client.destroy();
          upstream.destroy();
        });
        upstream.on('data', (chunk: Buffer) => send(client, chunk));
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    url: () => Object.assign(new URL(target.href), { host: `127.0.0.1:${port}` }).href,
    async down() {
      const s = server;
      if (!s) return;
      server = undefined;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    up: async () => {
      if (!server) await listen();
    },
    /** The next message any client sends is not delivered: both ends of its connection close instead. */
    cutOnNextMessage() {
      cutNext = true;
    },
    /** From now on nothing is forwarded, and no connection is closed by the relay. */
    stall() {
      held ??= [];
    },
    /** Delivers what was held back (to connections still open) and forwards again. */
    resume() {
      const waiting = held ?? [];
      held = undefined;
      for (const { to, chunk } of waiting) send(to, chunk);
    },
    /** Connections open through the relay (a client that closes its end closes the server's too). */
    openConnections: () => pairs.size,
  };
}
