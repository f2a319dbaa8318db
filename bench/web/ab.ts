import fs from 'node:fs';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { tempDataDir } from '../lib/bench';
import { startServer, type RunningServer } from '../../e2e/support/pipewise-server';
import { pathToFileURL } from 'node:url';
import { signInThroughOutbox } from '../lib/sign-in';
import { auditWithRetry } from './web-bench';

/**
 * An A/B of two builds of the web app under the same load: `npx tsx bench/web/ab.ts <distA> <distB>`
 * starts a server for each (WEB_DIST), signs the demo user in on both, and alternates Lighthouse runs
 * of one page (AB, BA, AB, ...) so both see the same machine. Prints each run's score, FCP, LCP, TBT
 * and CPU benchmark index, then the medians. Nothing is stored in bench/results.
 * AB_PAGE (default /dashboard/deals), AB_FORM (mobile or desktop), AB_RUNS (per build, default 6),
 * AB_REPORTS (a folder for each run's report and trace), AB_ROOT_A and AB_ROOT_B (another checkout whose server
 * serves that side, e.g. `git archive` of an older commit with node_modules linked in).
 */
const [distA, distB] = process.argv.slice(2);
if (!distA || !distB) throw new Error('usage: tsx bench/web/ab.ts <distA> <distB>');
const PAGE = process.env.AB_PAGE ?? '/dashboard/deals';
const FORM = process.env.AB_FORM === 'desktop' ? 'desktop' : 'mobile';
const RUNS = Number(process.env.AB_RUNS ?? 6);
const REPORTS = process.env.AB_REPORTS;
const signedIn = PAGE.startsWith('/dashboard');

type Row = { score: number; fcp: number; lcp: number; tbt: number; index: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main(): Promise<void> {
  const builds = [
    { name: 'A', dist: path.resolve(distA!), root: process.env.AB_ROOT_A },
    { name: 'B', dist: path.resolve(distB!), root: process.env.AB_ROOT_B },
  ];
  const servers: { name: string; server: RunningServer; cookie: string | null; dataDir: string; rows: Row[] }[] = [];
  try {
    for (const build of builds) {
      const dataDir = tempDataDir(`ab-${build.name}`);
      const start: typeof startServer = build.root
        ? (
            (await import(pathToFileURL(path.resolve(build.root, 'e2e/support/pipewise-server.ts')).href)) as {
              startServer: typeof startServer;
            }
          ).startServer
        : startServer;
      const server = await start({ dataDir, env: { WEB_DIST: build.dist } });
      const cookie = signedIn ? (await signInThroughOutbox(server.baseURL, dataDir, 'asha@acme.example')).cookie : null;
      servers.push({ name: build.name, server, cookie, dataDir, rows: [] });
    }
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) {
        const { lhr, trace } = await auditWithRetry(`${s.server.baseURL}${PAGE}`, FORM, s.cookie);
        const n = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const row: Row = {
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: n('first-contentful-paint'),
          lcp: n('largest-contentful-paint'),
          tbt: n('total-blocking-time'),
          index: Math.round(lhr.environment.benchmarkIndex),
        };
        s.rows.push(row);
        if (REPORTS) {
          fs.mkdirSync(REPORTS, { recursive: true });
          fs.writeFileSync(path.join(REPORTS, `${s.name}-${i + 1}.json`), JSON.stringify(lhr as Result));
          fs.writeFileSync(path.join(REPORTS, `${s.name}-${i + 1}.trace.json`), JSON.stringify(trace));
        }
        const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
        process.stdout.write(
          `${s.name} ${i + 1}: ${row.score} FCP ${Math.round(row.fcp)} LCP ${Math.round(row.lcp)} TBT ${Math.round(row.tbt)} ` +
            `index ${row.index} load ${load}\n`,
        );
      }
    }
    for (const s of servers) {
      const m = (k: keyof Row) => Math.round(median(s.rows.map((r) => r[k])));
      process.stdout.write(
        `${s.name} median: ${m('score')} (runs ${s.rows.map((r) => r.score).join(', ')}) FCP ${m('fcp')} LCP ${m('lcp')} ` +
          `TBT ${m('tbt')} index ${m('index')}\n`,
      );
    }
  } finally {
    for (const s of servers) {
      await s.server.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
