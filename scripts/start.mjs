#!/usr/bin/env node
// `npm start`: installs dependencies and builds the web app when needed, then runs the server.
// Needs nothing but Node itself, so it works on a fresh clone.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

const webDist = path.join(root, 'apps/web/dist/index.html');
const newestSource = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((m, e) => Math.max(m, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
if (!fs.existsSync(webDist) || fs.statSync(webDist).mtimeMs < newestSource(path.join(root, 'apps/web/src'))) {
  console.log('Building the web app...');
  run('npm', ['run', 'build', '--silent']);
}

// Node cannot raise its own open-files limit: a shell raises the soft limit to the hard one, then
// becomes the server (exec), so the connection cap derived from it leaves room for everything else.
const serverCommand = [process.execPath, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
const [command, args] = fs.existsSync('/bin/sh')
  ? ['/bin/sh', ['-c', 'ulimit -S -n "$(ulimit -H -n)" 2>/dev/null; exec "$@"', 'pipewise', ...serverCommand]]
  : [serverCommand[0], serverCommand.slice(1)];
const server = spawn(command, args, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
