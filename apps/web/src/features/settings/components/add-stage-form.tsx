import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { TPipelineSettings, TStageKind } from '@pipewise/contract/pipelines';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useAddStage } from '../api/pipelines';
import { pipelineErrorMessage } from './pipeline-errors';
import { KIND_OPTIONS, probabilityError } from './stage-format';

/** A new stage at the end of the pipeline: name, probability 0-100 and kind. */
export function AddStageForm({ pipeline }: { pipeline: TPipelineSettings }) {
  const [label, setLabel] = useState('');
  const [probability, setProbability] = useState('');
  const [kind, setKind] = useState<TStageKind>('open');
  const [error, setError] = useState<string | null>(null);
  const add = useAddStage();
  const id = (field: string) => `pipeline-${pipeline.id}-new-stage-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError('Stage name is required');
    const probabilityProblem = probabilityError(probability);
    if (probabilityProblem) return setError(probabilityProblem);
    add.mutate(
      { id: pipeline.id, stage: { label: label.trim(), kind, ...(probability.trim() ? { probability: Number(probability) } : {}) } },
      {
        onSuccess: () => {
          toast.success(`Stage "${label.trim()}" added to ${pipeline.label}.`);
          setLabel('');
          setProbability('');
          setKind('open');
          setError(null);
        },
        onError: (e) => setError(pipelineErrorMessage(e)),
      },
    );
  };

  return (
    <form className="pipelines-inline-form stage-form" onSubmit={submit} noValidate aria-label={`Add a stage to ${pipeline.label}`}>
      <TextField id={id('label')} label="New stage name" value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} />
      <TextField
        id={id('probability')}
        label="Probability (%)"
        inputMode="numeric"
        value={probability}
        onChange={(e) => setProbability(e.target.value)}
      />
      <SelectField
        id={id('kind')}
        label="Kind"
        options={KIND_OPTIONS}
        value={kind}
        onChange={(e) => setKind(e.target.value as TStageKind)}
      />
      <Button type="submit" variant="secondary" disabled={add.isPending}>
        <Plus size={16} aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add stage'}
      </Button>
      {error ? (
        <p className="field-error stage-form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
