import fs from 'node:fs';
import { startServer, type RunningServer, type StartOptions } from '../../e2e/support/pipewise-server';

/** Whether process `pid` holds a listening TCP socket on `port` (Linux /proc; true elsewhere). */
function listensOn(pid: number, port: number): boolean {
  if (!fs.existsSync('/proc/net/tcp')) return true;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1]!.endsWith(`:${hexPort}`) && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return false; // the process has gone
  }
}

/**
 * startServer, made sure the server that answered is ours. The helper picks a free port and
 * then spawns: on a machine where other test runs start servers too, one of them can take the
 * port in between and answer the health check, while ours fails to listen. The bench would then
 * measure (and be refused by) somebody else's server, so this waits until our process holds the
 * listening socket, and starts again on a new port when it does not.
 */
export async function startOwnServer(options: StartOptions, attempts = 3): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const server = await startServer(options);
    const deadline = Date.now() + 60_000;
    while (!listensOn(server.pid, server.port) && fs.existsSync(`/proc/${server.pid}`) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    if (listensOn(server.pid, server.port)) return server;
    await server.stop();
    if (attempt >= attempts)
      throw new Error(`the Pipewise server never held its port ${server.port} (another process took it); log: ${server.logFile}`);
  }
}
