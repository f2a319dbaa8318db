import { useState } from 'react';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { TPipelineSettings, TPipelineStage } from '@pipewise/contract/pipelines';
import { Button } from '../../../components/ui/button';
import { ColumnHeader, Table } from '../../../components/ui/table';
import { useReorderStages } from '../api/pipelines';
import { EditStageRow } from './edit-stage-row';
import { pipelineErrorMessage } from './pipeline-errors';
import { RemoveStageDialog } from './remove-stage-dialog';
import { kindLabel } from './stage-format';

/** A pipeline's stages in order; admins move them up and down (buttons, not drag), edit and remove them. */
export function StagesTable({ pipeline, canManage }: { pipeline: TPipelineSettings; canManage: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TPipelineStage | null>(null);
  const reorder = useReorderStages();
  const stages = pipeline.stages;

  const move = (index: number, by: -1 | 1) => {
    const ids = stages.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ id: pipeline.id, stageIds: ids }, { onError: (e) => toast.error(pipelineErrorMessage(e)) });
  };

  return (
    <>
      <Table
        caption={`Stages of ${pipeline.label}`}
        className="stages-table"
        busy={reorder.isPending}
        head={
          <>
            <ColumnHeader>Stage</ColumnHeader>
            <ColumnHeader>Probability</ColumnHeader>
            <ColumnHeader>Kind</ColumnHeader>
            <ColumnHeader>Deals</ColumnHeader>
            {canManage ? <ColumnHeader hiddenLabel>Actions</ColumnHeader> : null}
          </>
        }
      >
        {stages.map((stage, index) =>
          editing === stage.id ? (
            <EditStageRow key={stage.id} pipeline={pipeline} stage={stage} onDone={() => setEditing(null)} />
          ) : (
            <tr key={stage.id}>
              <td>{stage.label}</td>
              <td>{stage.probability === null ? 'N/A' : `${stage.probability}%`}</td>
              <td>{kindLabel(stage.kind)}</td>
              <td>{stage.deal_count.toLocaleString('en-US')}</td>
              {canManage ? (
                <td>
                  <div className="stage-actions">
                    <Button
                      variant="ghost"
                      className="icon-button"
                      aria-label={`Move ${stage.label} up`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="icon-button"
                      aria-label={`Move ${stage.label} down`}
                      disabled={index === stages.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" className="icon-button" aria-label={`Edit ${stage.label}`} onClick={() => setEditing(stage.id)}>
                      <Pencil size={16} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" className="icon-button" aria-label={`Remove ${stage.label}`} onClick={() => setRemoving(stage)}>
                      <Trash2 size={16} aria-hidden="true" />
                    </Button>
                  </div>
                </td>
              ) : null}
            </tr>
          ),
        )}
      </Table>
      {canManage ? <RemoveStageDialog pipeline={pipeline} stage={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}
