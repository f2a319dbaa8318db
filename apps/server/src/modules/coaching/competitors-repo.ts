import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workspaceCompetitors } from '../../db/schema/coaching';

/** The workspace_competitors rows (Settings), which only the coaching module writes. */
export function createCompetitorsRepo(db: DbOrTx) {
  return {
    /** The workspace's competitor names, in the order they were set. */
    async names(organizationId: string): Promise<string[]> {
      const rows = await db
        .select({ name: workspaceCompetitors.name })
        .from(workspaceCompetitors)
        .where(eq(workspaceCompetitors.organizationId, organizationId))
        .orderBy(asc(workspaceCompetitors.createdAt), asc(workspaceCompetitors.name));
      return rows.map((r) => r.name);
    },

    /** Replaces the workspace's list with these names (already trimmed and without duplicates), keeping their order. */
    async replace(organizationId: string, names: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(workspaceCompetitors).where(eq(workspaceCompetitors.organizationId, organizationId));
        if (names.length === 0) return;
        const base = Date.now();
        await tx.insert(workspaceCompetitors).values(names.map((name, i) => ({ organizationId, name, createdAt: new Date(base + i) })));
      });
    },
  };
}

export type CompetitorsRepo = ReturnType<typeof createCompetitorsRepo>;
