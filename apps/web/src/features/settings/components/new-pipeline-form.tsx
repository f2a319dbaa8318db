import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCreatePipeline } from '../api/pipelines';
import { pipelineErrorMessage } from './pipeline-errors';

/** A new pipeline by name; it starts with HubSpot's default stages, which the admin then shapes. */
export function NewPipelineForm() {
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePipeline();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError('Pipeline name is required');
    create.mutate(
      { label: label.trim() },
      {
        onSuccess: () => {
          toast.success(`Pipeline "${label.trim()}" created.`);
          setLabel('');
          setError(null);
        },
        onError: (e) => setError(pipelineErrorMessage(e)),
      },
    );
  };

  return (
    <form className="pipelines-inline-form" onSubmit={submit} noValidate>
      <TextField
        id="new-pipeline-label"
        label="New pipeline name"
        value={label}
        maxLength={100}
        error={error}
        onChange={(e) => {
          setLabel(e.target.value);
          setError(null);
        }}
      />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        <Plus size={18} aria-hidden="true" />
        {create.isPending ? 'Creating...' : 'Create pipeline'}
      </Button>
    </form>
  );
}
