import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { tempDataDir } from '../lib/bench';
import { startServer } from '../../e2e/support/pipewise-server';
import { signInThroughOutbox } from '../lib/sign-in';
import { CHROMIUM_PATH } from '../../e2e/support/chromium';

/**
 * Where a page load's JavaScript time goes: `npx tsx bench/web/cpu-profile.ts <dist> [path]` serves
 * that build, signs the demo user in, loads the page (default /dashboard/deals) in a phone-sized
 * Chromium at 4x CPU slowdown with V8's sampling profiler on, until its 21st deals row is there
 * (or 3 s for another page), and prints the functions with the most self time, averaged over
 * PROF_RUNS loads (default 3), with their source-mapped names. Figures taken while other work runs
 * are inflated; the ranking is what it is for.
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount: number;
  children?: number[];
};
async function main() {
  const dist = process.argv[2]!;
  const pagePath = process.argv[3] ?? '/dashboard/deals';
  const dataDir = tempDataDir('prof');
  const server = await startServer({ dataDir, env: { WEB_DIST: dist } });
  const { cookie } = await signInThroughOutbox(server.baseURL, dataDir, 'asha@acme.example');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  const totals = new Map<string, number>();
  try {
    for (let run = 0; run < Number(process.env.PROF_RUNS ?? 3); run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      await context.addCookies(
        cookie.split('; ').map((c) => {
          const [name, ...v] = c.split('=');
          return { name: name!, value: v.join('='), url: server.baseURL };
        }),
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.baseURL}${pagePath}`);
      if (pagePath === '/dashboard/deals') await page.locator('.deals-table tbody tr').nth(20).waitFor();
      else await page.waitForTimeout(1500);
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
      const dt = new Map<number, number>();
      profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
      for (const n of profile.nodes) {
        const f = n.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber}`;
        totals.set(key, (totals.get(key) ?? 0) + (dt.get(n.id) ?? 0));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const maps = new Map<string, SourceMapConsumer>();
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45);
  for (const [key, ms] of top) {
    const m = /(\S+\.js):(\d+):(\d+)$/.exec(key);
    let where = '';
    if (m) {
      const file = path.join(dist, 'assets', m[1]!);
      if (fs.existsSync(`${file}.map`)) {
        if (!maps.has(file)) maps.set(file, new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))));
        const pos = maps.get(file)!.originalPositionFor({ line: Number(m[2]), column: Number(m[3]) });
        where = `${pos.source?.split('node_modules/').pop()}:${pos.line} ${pos.name ?? ''}`;
      }
    }
    console.log(`${(ms / Number(process.env.PROF_RUNS ?? 3)).toFixed(1).padStart(7)} ms  ${key.slice(0, 60)}  ${where}`);
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
