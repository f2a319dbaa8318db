import { useState, type FormEvent } from 'react';
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import type { TPipelineSettings } from '@pipewise/contract/pipelines';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useUpdatePipeline } from '../api/pipelines';
import { AddStageForm } from './add-stage-form';
import { pipelineErrorMessage } from './pipeline-errors';
import { StagesTable } from './stages-table';

const dealsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'deal' : 'deals'}`;

/** One pipeline: its name (renamed in place), archive or restore, and its stages. */
export function PipelineCard({ pipeline, canManage }: { pipeline: TPipelineSettings; canManage: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const update = useUpdatePipeline();
  const headingId = `pipeline-${pipeline.id}-title`;

  const setArchived = (archived: boolean) =>
    update.mutate(
      { id: pipeline.id, patch: { archived } },
      {
        onSuccess: () => toast.success(archived ? `Pipeline "${pipeline.label}" archived.` : `Pipeline "${pipeline.label}" restored.`),
        onError: (e) => toast.error(pipelineErrorMessage(e)),
      },
    );

  return (
    <section className="card pipeline-card" aria-labelledby={headingId}>
      <div className="pipeline-card-header">
        {renaming ? (
          <RenamePipelineForm pipeline={pipeline} onDone={() => setRenaming(false)} />
        ) : (
          <h3 id={headingId} className="subsection-title">
            {pipeline.label}
            {pipeline.archived ? <span className="badge pipeline-archived-badge">Archived</span> : null}
          </h3>
        )}
        <p className="muted">
          {dealsText(pipeline.deal_count)}, {pipeline.open_deal_count.toLocaleString('en-US')} open
        </p>
        {canManage && !renaming ? (
          <div className="pipeline-card-actions">
            <Button variant="secondary" onClick={() => setRenaming(true)} aria-label={`Rename pipeline ${pipeline.label}`}>
              <Pencil size={16} aria-hidden="true" />
              Rename
            </Button>
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() => setArchived(!pipeline.archived)}
              aria-label={`${pipeline.archived ? 'Restore' : 'Archive'} pipeline ${pipeline.label}`}
            >
              {pipeline.archived ? <ArchiveRestore size={16} aria-hidden="true" /> : <Archive size={16} aria-hidden="true" />}
              {pipeline.archived ? 'Restore' : 'Archive'}
            </Button>
          </div>
        ) : null}
      </div>
      <StagesTable pipeline={pipeline} canManage={canManage} />
      {canManage ? <AddStageForm pipeline={pipeline} /> : null}
    </section>
  );
}

function RenamePipelineForm({ pipeline, onDone }: { pipeline: TPipelineSettings; onDone: () => void }) {
  const [label, setLabel] = useState(pipeline.label);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePipeline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError('Pipeline name is required');
    update.mutate(
      { id: pipeline.id, patch: { label: label.trim() } },
      { onSuccess: onDone, onError: (e) => setError(pipelineErrorMessage(e)) },
    );
  };
  return (
    <form className="pipelines-inline-form" onSubmit={submit} noValidate>
      <TextField
        id={`pipeline-${pipeline.id}-label`}
        label="Pipeline name"
        value={label}
        maxLength={100}
        error={error}
        autoFocus
        onChange={(e) => {
          setLabel(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
