import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { TPipelineSettings, TPipelineStage } from '@pipewise/contract/pipelines';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { useRemoveStage } from '../api/pipelines';
import { pipelineErrorMessage } from './pipeline-errors';

type Props = { pipeline: TPipelineSettings; stage: TPipelineStage | null; onClose: () => void };

/** Removing a stage: confirmed, and when it holds deals, only after choosing which other stage they move to. */
export function RemoveStageDialog({ pipeline, stage, onClose }: Props) {
  return (
    <Dialog open={stage !== null} onOpenChange={(open) => !open && onClose()} title={stage ? `Remove ${stage.label}?` : 'Remove stage'}>
      {stage ? <RemoveStageForm pipeline={pipeline} stage={stage} onDone={onClose} /> : null}
    </Dialog>
  );
}

function RemoveStageForm({ pipeline, stage, onDone }: { pipeline: TPipelineSettings; stage: TPipelineStage; onDone: () => void }) {
  const others = pipeline.stages.filter((s) => s.id !== stage.id);
  const holdsDeals = stage.deal_count > 0;
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveStage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (holdsDeals && !moveTo) return setError('Choose the stage its deals move to.');
    remove.mutate(
      { id: pipeline.id, stageId: stage.id, moveTo: moveTo || undefined },
      {
        onSuccess: (answer) => {
          const moved = answer.moved_deals;
          toast.success(
            moved > 0
              ? `Stage "${stage.label}" removed; ${moved} ${moved === 1 ? 'deal' : 'deals'} moved.`
              : `Stage "${stage.label}" removed.`,
          );
          onDone();
        },
        onError: (e) => setError(pipelineErrorMessage(e)),
      },
    );
  };

  const count = stage.deal_count.toLocaleString('en-US');
  return (
    <form onSubmit={submit} noValidate className="stack">
      <p>
        {holdsDeals
          ? `${stage.label} holds ${count} ${stage.deal_count === 1 ? 'deal' : 'deals'}. ` +
            `Choose the stage of ${pipeline.label} they move to.`
          : `${stage.label} holds no deals. It is removed from ${pipeline.label}.`}
      </p>
      {holdsDeals ? (
        <SelectField
          id={`remove-stage-${stage.id}-move-to`}
          label="Move its deals to"
          placeholder="Select a stage"
          options={others.map((s) => ({ value: s.id, label: s.label }))}
          value={moveTo}
          data-autofocus
          onChange={(e) => {
            setMoveTo(e.target.value);
            setError(null);
          }}
        />
      ) : null}
      {error ? <AlertMessage>{error}</AlertMessage> : null}
      <DialogActions label="Remove stage" busyLabel="Removing..." busy={remove.isPending} focusConfirm={!holdsDeals} />
    </form>
  );
}
