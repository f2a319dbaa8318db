#!/usr/bin/env node
// `npm start`: installs dependencies and builds the web app when needed, then runs the server.
// Needs nothing but Node itself, so it works on a fresh clone.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A supervisor that closed our output must not crash us before the server is stopped.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Pipewise needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// WEB_DIST names a build made elsewhere, served as it is; otherwise the repository's own build is
// brought up to date with its sources.
const webDist = path.join(root, 'apps/web/dist/index.html');
const newestIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((m, e) => Math.max(m, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
// What the build reads: the app, the build's own plugins and config, and the shared contract.
const newestSource = () =>
  Math.max(
    ...['apps/web/src', 'apps/web/build', 'packages/contract/src'].map((dir) => newestIn(path.join(root, dir))),
    fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
  );
if (!process.env.WEB_DIST && (!fs.existsSync(webDist) || fs.statSync(webDist).mtimeMs < newestSource())) {
  console.log('Building the web app...');
  run('npm', ['run', 'build', '--silent']);
}

// Node cannot raise its own open-files limit: a shell raises the soft limit to the hard one, then
// becomes the server (exec), so the connection cap derived from it leaves room for everything else.
const serverCommand = [process.execPath, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
const [command, args] = fs.existsSync('/bin/sh')
  ? ['/bin/sh', ['-c', 'ulimit -S -n "$(ulimit -H -n)" 2>/dev/null; exec "$@"', 'pipewise', ...serverCommand]]
  : [serverCommand[0], serverCommand.slice(1)];
// The server stops within SHUTDOWN_GRACE_MS; past that (and a margin) it is killed, so a stop
// asked of `npm start` always ends both processes.
const graceMs = Number.parseInt(process.env.SHUTDOWN_GRACE_MS ?? '', 10) || 20_000;
let killTimer;
let server;
const stopServer = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  killTimer ??= setTimeout(() => server.kill('SIGKILL'), graceMs + 5000);
};
// Installed before the server exists: a signal that finds this process without them would end it
// and leave the server behind.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));
// Orphaned (the supervisor or npm died without a signal for us): stop the server as if asked to.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  stopServer('SIGTERM');
}, 500);
watchParent.unref();

server = spawn(command, args, {
  cwd: root,
  // The IPC channel tells the server when this process is gone, however it ended.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});

server.on('exit', (code, signal) => {
  // Exit as the server did: its code, or 128 + the signal that ended it, as a shell reports it.
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
});
