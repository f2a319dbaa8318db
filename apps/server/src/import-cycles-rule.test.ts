import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps apps/server/src free of import circles (eslint-rules/import-cycles.js):
 * it must report a circle made of value imports, of type-only imports, and of re-exports, and
 * stay quiet on imports that only go one way.
 */
const RULE_FILE = path.resolve(import.meta.dirname, '../../../eslint-rules/import-cycles.js');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Writes the files in a fresh folder and lints `entry` with the rule alone; the messages it reports. */
async function lint(files: Record<string, string>, entry: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const rule = (await import(pathToFileURL(RULE_FILE).href)).default;
  const linter = new Linter({ configType: 'flat', cwd: dir });
  const filename = path.join(dir, entry);
  const messages = linter.verify(
    files[entry]!,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: { rules: { 'import-cycles': rule } } },
        rules: { 'local/import-cycles': 'error' },
      },
    ],
    filename,
  );
  return messages.map((m) => m.message);
}

describe('the import-cycles lint rule', () => {
  it('reports a circle of value imports, naming the chain', async () => {
    const messages = await lint(
      {
        'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'b.ts': "import { c } from './c';\nexport const b = c;\n",
        'c.ts': "import { a } from './a';\nexport const c = () => a;\n",
      },
      'a.ts',
    );
    expect(messages).toEqual(['Import cycle (type imports count): a.ts -> b.ts -> c.ts -> a.ts']);
  });

  it('reports a circle closed by a type-only import (import type, and export type from)', async () => {
    const files = {
      'services.ts':
        "import { createRoutes } from './routes';\nexport type Services = { x: number };\nexport const routes = createRoutes;\n",
      'routes.ts': "import type { Services } from './services';\nexport const createRoutes = (s: Services) => s.x;\n",
      'types.ts': "export type { Services } from './services';\n",
      'uses-types.ts': "import type { Services } from './types';\nexport const n = (s: Services) => s;\n",
    };
    expect(await lint(files, 'routes.ts')).toEqual(['Import cycle (type imports count): routes.ts -> services.ts -> routes.ts']);
    expect(await lint({ ...files, 'services.ts': `import './uses-types';\n${files['services.ts']}` }, 'types.ts')).toHaveLength(1);
  });

  it('stays quiet when imports go one way', async () => {
    const messages = await lint(
      {
        'a.ts': "import { b } from './b';\nimport type { C } from './c';\nexport const a = (x: C) => b + x;\n",
        'b.ts': "import { c } from './c';\nexport const b = c;\n",
        'c.ts': 'export const c = 1;\nexport type C = number;\n',
      },
      'a.ts',
    );
    expect(messages).toEqual([]);
  });
});
