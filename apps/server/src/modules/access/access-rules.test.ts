import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdminRole } from '@pipewise/contract/common';
import { execute, type Db } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { createAccessRules, type AccessRules, type Viewer } from './access-rules';
import { visibleUserIds } from './scopes';

/**
 * Property: whatever the reporting tree, a user sees exactly themselves plus everyone below them
 * (at any depth), an admin sees the whole workspace, and nobody sees into another workspace.
 * The expected sets are computed here in plain JS, independently of the recursive SQL.
 */

type Member = { parent: number | null; role: string };
/** Workspace B members may point at a workspace A user as their manager: corrupt data that must not leak either way. */
type Foreign = Member & { foreignParent: number | null };

const ROLES = ['user', 'user', 'user', 'user', 'admin', 'super_admin', 'ADMIN', 'Super_Admin'] as const;
const role = fc.constantFrom(...ROLES);

/** A random forest: member i reports to no one or to some j < i, so there is never a cycle. */
const forest = (maxLength: number) =>
  fc
    // size 'max': lengths spread over 1..maxLength (the default size stops near 10).
    .array(fc.record({ parent: fc.option(fc.nat(1000), { nil: null, freq: 4 }), role }), { minLength: 1, maxLength, size: 'max' })
    .map((ms): Member[] => ms.map((m, i) => ({ role: m.role, parent: m.parent === null || i === 0 ? null : m.parent % i })));

/** Any reports_to at all, cycles and self-loops included (the service forbids them; the query must still end). */
const anyGraph = (maxLength: number) =>
  fc
    .array(fc.record({ parent: fc.option(fc.nat(1000), { nil: null, freq: 4 }), role }), { minLength: 1, maxLength })
    .map((ms): Member[] => ms.map((m) => ({ role: m.role, parent: m.parent === null ? null : m.parent % ms.length })));

const foreignForest = (maxLength: number) =>
  fc
    .tuple(forest(maxLength), fc.array(fc.option(fc.nat(1000), { nil: null, freq: 3 }), { minLength: maxLength, maxLength }))
    .map(([ms, foreign]): Foreign[] => ms.map((m, i) => ({ ...m, foreignParent: foreign[i] ?? null })));

/** Self plus everyone reachable downwards (a visited set, so cycles end). */
function subtree(root: number, members: Member[]): Set<number> {
  const children = new Map<number, number[]>();
  members.forEach((m, i) => {
    if (m.parent !== null) children.set(m.parent, [...(children.get(m.parent) ?? []), i]);
  });
  const seen = new Set<number>([root]);
  const queue = [root];
  while (queue.length > 0) {
    for (const c of children.get(queue.shift()!) ?? []) {
      if (!seen.has(c)) {
        seen.add(c);
        queue.push(c);
      }
    }
  }
  return seen;
}

/** Strictly below: reachable through at least one edge, never the user themself. */
function below(root: number, members: Member[]): Set<number> {
  const children = new Map<number, number[]>();
  members.forEach((m, i) => {
    if (m.parent !== null) children.set(m.parent, [...(children.get(m.parent) ?? []), i]);
  });
  const seen = new Set<number>();
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const n = queue.shift()!;
    if (seen.has(n)) continue;
    seen.add(n);
    queue.push(...(children.get(n) ?? []));
  }
  seen.delete(root);
  return seen;
}

type Workspace = { organizationId: string; ids: string[]; viewers: Viewer[] };

let orgSeq = 0;
/** Inserts a workspace and its members in one statement (self-references resolve at the end of it). */
async function insertWorkspace(db: Db, members: Member[], foreignParents: (string | null)[] = []): Promise<Workspace> {
  const n = ++orgSeq;
  const [org] = await db
    .insert(organizations)
    .values({ name: `Org ${n}`, domain: `org${n}.example` })
    .returning({ id: organizations.id });
  const organizationId = org!.id;
  const ids = members.map(() => randomUUID());
  await db.insert(users).values(
    members.map((m, i) => ({
      id: ids[i]!,
      organizationId,
      email: `u${i}@org${n}.example`,
      firstName: `U${i}`,
      lastName: `Org${n}`,
      role: m.role,
      reportsTo: foreignParents[i] ?? (m.parent === null ? null : ids[m.parent]!),
    })),
  );
  return { organizationId, ids, viewers: ids.map((id, i) => ({ id, organizationId, role: members[i]!.role })) };
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('access rules (property: a user sees exactly their subtree)', () => {
  let database: TestDatabase;
  let db: Db;
  let access: AccessRules;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    access = createAccessRules(db);
  });
  afterAll(() => database?.close());

  /** One database for every run; each run starts from empty tables. */
  const clean = () => db.execute(sql`delete from organizations`);

  it('visibleUserIds, canSeeUser and subordinateIds agree with the subtree model, and never cross workspaces', async () => {
    await fc.assert(
      fc.asyncProperty(forest(25), foreignForest(6), async (membersA, membersB) => {
        await clean();
        const a = await insertWorkspace(db, membersA);
        // B's members keep their own forest, but some point straight at an A user as manager.
        const b = await insertWorkspace(
          db,
          membersB,
          membersB.map((m) => (m.foreignParent === null ? null : a.ids[m.foreignParent % a.ids.length]!)),
        );
        const allA = sorted(a.ids);
        const bIds = new Set(b.ids);

        for (const [i, viewer] of a.viewers.entries()) {
          const expected = isAdminRole(viewer.role) ? allA : sorted([...subtree(i, membersA)].map((j) => a.ids[j]!));
          const visible = await access.visibleUserIds(viewer);
          expect(sorted(visible), `A#${i} (${viewer.role})`).toEqual(expected);

          // subordinateIds is structural: strictly below, whatever the role.
          const subs = await access.subordinateIds(viewer.id, a.organizationId);
          expect(sorted(subs), `below A#${i}`).toEqual(sorted([...below(i, membersA)].map((j) => a.ids[j]!)));

          // canSeeUser agrees with visibleUserIds: one target per viewer (a query each; PGlite is not fast),
          // alternately an A user picked by position and a B user.
          const target = i % 2 === 0 ? a.ids[(i * 7 + 3) % a.ids.length]! : b.ids[i % b.ids.length]!;
          expect(await access.canSeeUser(viewer, target), `A#${i} sees ${target}`).toBe(expected.includes(target));
          // Never a B user, even the ones that "report" to this viewer.
          expect(visible.some((id) => bIds.has(id))).toBe(false);
          expect(subs.some((id) => bIds.has(id))).toBe(false);
        }

        for (const [i, viewer] of b.viewers.entries()) {
          const visible = await access.visibleUserIds(viewer);
          // B's forest is B's alone: the foreign links point out of B, so B-internal subtrees are unchanged.
          const expected = isAdminRole(viewer.role)
            ? sorted(b.ids)
            : sorted(
                [
                  ...subtree(
                    i,
                    membersB.map((m) => ({ ...m, parent: m.foreignParent === null ? m.parent : null })),
                  ),
                ].map((j) => b.ids[j]!),
              );
          expect(sorted(visible), `B#${i} (${viewer.role})`).toEqual(expected);
          expect(visible.some((id) => !bIds.has(id))).toBe(false);
          expect(await access.canSeeUser(viewer, a.ids[0]!)).toBe(false);
        }
        // A non-admin viewer paired with the other workspace's id matches nobody (the user row is in A).
        const rep = a.viewers.find((v) => !isAdminRole(v.role));
        if (rep) expect(await access.visibleUserIds({ ...rep, organizationId: b.organizationId })).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('ends and stays exact on corrupt data with cycles and self-loops', async () => {
    await fc.assert(
      fc.asyncProperty(anyGraph(15), async (members) => {
        await clean();
        const w = await insertWorkspace(db, members);
        for (const [i, viewer] of w.viewers.entries()) {
          const expected = isAdminRole(viewer.role) ? sorted(w.ids) : sorted([...subtree(i, members)].map((j) => w.ids[j]!));
          expect(sorted(await access.visibleUserIds(viewer)), `#${i}`).toEqual(expected);
          expect(sorted(await access.subordinateIds(viewer.id, w.organizationId))).toEqual(
            sorted([...below(i, members)].map((j) => w.ids[j]!)),
          );
        }
      }),
      { numRuns: 15 },
    );
  }, 60_000);

  it('visibleUserIds (scopes.ts) works as a subquery (how deals are scoped) and matches access.visibleUserIds', async () => {
    await clean();
    // asha <- vikram <- rahul, priya; asha <- meera <- kavya
    const w = await insertWorkspace(db, [
      { parent: null, role: 'super_admin' },
      { parent: 0, role: 'user' },
      { parent: 1, role: 'user' },
      { parent: 1, role: 'user' },
      { parent: 0, role: 'user' },
      { parent: 4, role: 'user' },
    ]);
    const vikram = w.viewers[1]!;
    const ids = (await execute<{ id: string }>(db, sql`select id from users where id in (${visibleUserIds(vikram)})`)).map((r) => r.id);
    expect(sorted(ids)).toEqual(sorted([w.ids[1]!, w.ids[2]!, w.ids[3]!]));
    // A hierarchy change counts on the very next call: nothing is cached.
    await db.execute(sql`update users set reports_to = ${w.ids[4]!} where id = ${w.ids[2]!}`);
    expect(sorted(await access.visibleUserIds(vikram))).toEqual(sorted([w.ids[1]!, w.ids[3]!]));
    expect(await access.canSeeUser(w.viewers[4]!, w.ids[2]!)).toBe(true);
  });
});
