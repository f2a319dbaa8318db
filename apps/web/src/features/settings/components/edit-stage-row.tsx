import { useState } from 'react';
import type { TPipelineSettings, TPipelineStage, TStageKind } from '@pipewise/contract/pipelines';
import { Button } from '../../../components/ui/button';
import { useUpdateStage } from '../api/pipelines';
import { pipelineErrorMessage } from './pipeline-errors';
import { KIND_OPTIONS, probabilityError } from './stage-format';

type Props = { pipeline: TPipelineSettings; stage: TPipelineStage; onDone: () => void };

/** A stage's row while it is edited: its name, probability and kind, saved together (Enter) or left (Escape). */
export function EditStageRow({ pipeline, stage, onDone }: Props) {
  const [label, setLabel] = useState(stage.label);
  const [probability, setProbability] = useState(stage.probability === null ? '' : String(stage.probability));
  const [kind, setKind] = useState<TStageKind>(stage.kind);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateStage();
  const id = (field: string) => `stage-${stage.id}-${field}`;

  const save = () => {
    if (!label.trim()) return setError('Stage name is required');
    const problem = probabilityError(probability);
    if (problem) return setError(problem);
    update.mutate(
      {
        id: pipeline.id,
        stageId: stage.id,
        patch: { label: label.trim(), kind, ...(probability.trim() ? { probability: Number(probability) } : {}) },
      },
      { onSuccess: onDone, onError: (e) => setError(pipelineErrorMessage(e)) },
    );
  };
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') onDone();
  };

  return (
    <tr className="stage-editing" onKeyDown={keys}>
      <td>
        <label className="sr-only" htmlFor={id('label')}>
          Stage name
        </label>
        <input id={id('label')} className="input" value={label} maxLength={100} autoFocus onChange={(e) => setLabel(e.target.value)} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </td>
      <td>
        <label className="sr-only" htmlFor={id('probability')}>
          Probability (%)
        </label>
        <input
          id={id('probability')}
          className="input stage-probability"
          inputMode="numeric"
          value={probability}
          onChange={(e) => setProbability(e.target.value)}
        />
      </td>
      <td>
        <label className="sr-only" htmlFor={id('kind')}>
          Kind
        </label>
        <select id={id('kind')} className="input select" value={kind} onChange={(e) => setKind(e.target.value as TStageKind)}>
          {KIND_OPTIONS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </td>
      <td>{stage.deal_count.toLocaleString('en-US')}</td>
      <td>
        <div className="stage-actions">
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </td>
    </tr>
  );
}
