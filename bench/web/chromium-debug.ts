import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../../e2e/support/chromium';

export type DebugChromium = { port: number; close: () => Promise<void> };

/**
 * Debian's chromium, headless, with the DevTools port open for Lighthouse. A fresh profile per
 * launch, and no background traffic (updates, sync) to muddy the network records.
 */
export async function launchDebugChromium(): Promise<DebugChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--no-first-run',
      '--no-default-browser-check',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not open its DevTools port:\n${seen}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (${code}) before opening its DevTools port:\n${seen}`));
    });
  });
  child.stderr.resume();
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes can still be writing to the profile for a moment: a profile
      // that will not go is left in the temp directory rather than failing the measurement.
      for (let attempt = 1; ; attempt++) {
        try {
          fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
          return;
        } catch (error) {
          if (attempt === 3) {
            process.stderr.write(`left the Chromium profile ${profile}: ${(error as Error).message}\n`);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    },
  };
}
