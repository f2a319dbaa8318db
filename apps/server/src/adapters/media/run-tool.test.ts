import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTool, toolTimeoutMs, ToolTimedOutError, UNKNOWN_MEDIA_SECONDS } from './run-tool';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-run-tool-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts a shell that notes its pid and then sleeps for a minute; resolves with the pid once noted. */
function sleeper(options: { signal?: AbortSignal; timeoutMs?: number }) {
  const pidFile = path.join(dir, `${Math.random()}.pid`);
  const run = runTool('sh', ['-c', `echo $$ > ${pidFile}; exec sleep 60`], { ...options, debianPackage: 'dash' });
  run.catch(() => undefined);
  const pid = (async () => {
    const noted = () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').endsWith('\n');
    for (let i = 0; i < 500 && !noted(); i++) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(1);
    return pid;
  })();
  return { run, pid };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('runTool', () => {
  it('kills a tool that runs past its timeout, as a passing failure', async () => {
    const started = Date.now();
    const { run, pid } = sleeper({ timeoutMs: 300 });
    await expect(run).rejects.toThrow(ToolTimedOutError);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(alive(await pid)).toBe(false);
  });

  it('kills the tool when the job is stopped', async () => {
    const stop = new AbortController();
    const { run, pid } = sleeper({ signal: stop.signal, timeoutMs: 60_000 });
    await pid;
    stop.abort(new Error('The worker is shutting down'));
    await expect(run).rejects.toThrow('The worker is shutting down');
    expect(alive(await pid)).toBe(false);
  });
});

describe('toolTimeoutMs', () => {
  it("grows with the media's length, and assumes three hours when the length is unknown", () => {
    const budget = { baseMs: 60_000, perMediaSecondMs: 250 };
    expect(toolTimeoutMs(budget, 0)).toBe(60_000);
    expect(toolTimeoutMs(budget, 3 * 3600)).toBe(60_000 + 250 * 10_800);
    expect(toolTimeoutMs(budget, null)).toBe(60_000 + 250 * UNKNOWN_MEDIA_SECONDS);
  });
});
