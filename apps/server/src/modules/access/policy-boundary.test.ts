import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may act is decided in one place: the permission policy (policies.ts) and the visibility rule
 * (scopes.ts) of this module. Anywhere else in apps/server/src (tests aside), a role test is a
 * second rule that the next change forgets: `isAdminRole`, `seesWholeWorkspace`, a comparison of a
 * role (`role === 'admin'`, `caller.role !== target.role`, `role.toLowerCase() === 'super_admin'`),
 * or a role list in SQL (`lower(a.role) in ('admin', 'super_admin')`). The session plugin may
 * read roles too (it builds the caller). Roles of other things (a process's `config.role !==
 * 'worker'`, a chat message's `message.role === 'tool'`) are no user's role and pass.
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const ALLOWED = [/^modules\/access\//, /^plugins\/session\.ts$/];

function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const USER_ROLE = /^(['"`])(super_admin|admin|manager|user)\1$/i;
const COMPARISON = String.raw`[!=]==?`;
/** An operand a role may be compared with without it being a role test: absent, or a literal that is no user's role. */
const harmless = (operand: string) => /^(undefined|null)$/.test(operand) || (/^(['"`]).*\1$/.test(operand) && !USER_ROLE.test(operand));

/** `role`, `x.role`, `x?.role`, with an optional case change, as one side of a comparison. */
const ROLE = String.raw`[\w$.?]*\brole\b(?:\s*\?\?\s*'')?(?:\)?\.to(?:Lower|Upper)Case\(\))?`;
const ROLE_LEFT = new RegExp(String.raw`${ROLE}\s*${COMPARISON}\s*([^\s;),&|?:]+)`, 'g');
const ROLE_RIGHT = new RegExp(String.raw`([^\s(!&|,?:]+)\s*${COMPARISON}\s*${ROLE}`, 'g');
const ROLE_NAME = new RegExp(
  String.raw`${COMPARISON}\s*(['"\`])(super_admin|admin|manager|user)\1|(['"\`])(super_admin|admin|manager|user)\3\s*${COMPARISON}`,
  'i',
);
const RULES: { name: string; test: (line: string) => boolean }[] = [
  { name: 'isAdminRole', test: (line) => /\bisAdminRole\b/.test(line) },
  { name: 'seesWholeWorkspace', test: (line) => /\bseesWholeWorkspace\b/.test(line) },
  {
    name: 'a role compared',
    test: (line) =>
      line.includes('role') &&
      ([...line.matchAll(ROLE_LEFT)].some(([, right]) => !harmless(right!)) ||
        [...line.matchAll(ROLE_RIGHT)].some(([, left]) => !harmless(left!))),
  },
  { name: "a comparison with a user role's name", test: (line) => ROLE_NAME.test(line) },
  { name: 'a role list in SQL', test: (line) => /\brole\)?\s+(not\s+)?in\s*\(|\brole\)?\s*=\s*any\s*\(/i.test(line) },
  { name: 'a role looked up in a list', test: (line) => /\.(includes|has|indexOf)\([^)]*\brole\b/.test(line) },
  { name: 'a switch over a role', test: (line) => /\bswitch\s*\([^)]*\brole\b/.test(line) },
];

/** The text without comments (a comment may name what it does not do); `//` after a `:` (a URL) stays. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');

/** Each role test in the text, as `file:line (rule)`. */
function roleTests(file: string, text: string): string[] {
  return code(text)
    .split('\n')
    .flatMap((line, i) => RULES.filter((r) => r.test(line)).map((r) => `${file}:${i + 1} (${r.name})`));
}

describe('the permission policy is the only place that tests roles', () => {
  it('finds no role test in apps/server/src outside modules/access and the session plugin', () => {
    const found = sources()
      .map((full) => path.relative(SRC, full).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.some((allowed) => allowed.test(file)))
      .flatMap((file) => roleTests(file, fs.readFileSync(path.join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ["if (caller.role === 'admin') return;", 'a role compared'],
    ["if (role === 'manager') return;", 'a role compared'],
    ['if (caller.role !== target.role) throw refused;', 'a role compared'],
    ["if (caller.role.toLowerCase() !== 'super_admin') throw refused;", 'a role compared'],
    ["const admin = 'ADMIN' === user.role;", 'a role compared'],
    ["const rep = kind === 'user';", "a comparison with a user role's name"],
    ['if (isAdminRole(caller.role)) return all;', 'isAdminRole'],
    ['if (!seesWholeWorkspace(viewer)) return [];', 'seesWholeWorkspace'],
    ["sql`and lower(a.role) in ('admin', 'super_admin')`", 'a role list in SQL'],
    ['if (ADMIN_ROLES.includes(caller.role)) return;', 'a role looked up in a list'],
    ['switch (caller.role) {', 'a switch over a role'],
  ])('reports %s', (line, rule) => {
    expect(roleTests('x.ts', line)).toContain(`x.ts:1 (${rule})`);
  });

  it.each([
    ["if (config.role !== 'worker') start();"],
    ["if (message.role === 'tool') return tool(message);"],
    ['if (body.role !== undefined) set.role = body.role;'],
    ["const label = 'Only workspace admins';"],
    ['// isAdminRole is not called here'],
    ["/* role === 'admin' */ const x = 1;"],
    ["const url = 'https://example.com/admin'; // role === 'admin'"],
  ])('lets %s pass', (line) => {
    expect(roleTests('x.ts', line)).toEqual([]);
  });
});
