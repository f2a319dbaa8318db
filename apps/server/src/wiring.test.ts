import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Wiring in one place (STYLE.md, "Where the next features go"): every service is made in
 * services.ts; route plugins and jobs receive what they use, never the container.
 */
const SRC = import.meta.dirname;

function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const files = sources().map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
const ROOT = new Set(['services.ts', 'main.ts']);

/** Where `pattern` matches, as file:line. */
function where(pattern: RegExp, among = files): string[] {
  return among.flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])));
}

describe('wiring', () => {
  it('loads the master key only in services.ts', () => {
    const calls = where(
      /\bloadMasterKey\(/,
      files.filter(({ file }) => file !== 'lib/secrets.ts'),
    );
    expect(calls).toEqual([expect.stringMatching(/^services\.ts:/)]);
  });

  it('hands the services container to no module, route plugin or job: only app.ts and main.ts import it', () => {
    const importers = files.filter(({ file, text }) => !ROOT.has(file) && /from '(\.\.?\/)+services'/.test(text)).map((f) => f.file);
    expect(importers).toEqual(['app.ts']);
  });

  it('builds no service in a route file, a job file or app.ts', () => {
    const builders = files.filter(({ file }) => /(-routes|-jobs)\.ts$/.test(file) || file === 'app.ts');
    expect(where(/\bcreate\w*(Service|Services|Repo)\(/, builders)).toEqual([]);
  });

  it("builds no other module's service inside a module", () => {
    const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
    const crossModule = files.flatMap(({ file, text }) =>
      [...text.matchAll(/import \{([^}]*)\} from '(\.[^']+)'/g)].flatMap(([, names, from]) => {
        const target = path.relative(SRC, path.resolve(SRC, path.dirname(file), from!));
        const builds = /\bcreate\w*Services?\b/.test(names!);
        return builds && moduleOf(file) && moduleOf(target) !== moduleOf(file) ? [`${file} -> ${target}`] : [];
      }),
    );
    expect(crossModule).toEqual([]);
  });
});
