import { sql } from 'drizzle-orm';
import type { TPipeline } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../db/client';

/** A workspace's active pipelines with their ordered stages (archived ones leave the stage lists and New Deal choices). */
export function createPipelinesRepo(db: DbOrTx) {
  return {
    async list(organizationId: string): Promise<TPipeline[]> {
      const rows = await execute<{
        pipeline_id: string;
        pipeline_label: string;
        stage_id: string | null;
        stage_label: string | null;
        display_order: number | null;
      }>(
        db,
        sql`
        select p.id as pipeline_id, p.label as pipeline_label, s.id as stage_id, s.label as stage_label, s.display_order
        from pipelines p left join pipeline_stages s on s.pipeline_id = p.id
        where p.organization_id = ${organizationId} and p.archived_at is null
        order by p.display_order, p.label, s.display_order`,
      );
      const byId = new Map<string, TPipeline>();
      for (const r of rows) {
        let p = byId.get(r.pipeline_id);
        if (!p) byId.set(r.pipeline_id, (p = { pipelineId: r.pipeline_id, label: r.pipeline_label, stages: [] }));
        if (r.stage_id) p.stages.push({ stageId: r.stage_id, label: r.stage_label!, displayOrder: r.display_order ?? 0 });
      }
      return [...byId.values()];
    },
  };
}

export type PipelinesRepo = ReturnType<typeof createPipelinesRepo>;
