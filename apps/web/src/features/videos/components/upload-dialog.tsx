import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { UPLOAD_TYPES, type TUploadType } from '@pipewise/contract/videos';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { UploadInput } from '../api/upload-video';
import { useUploadPipelines } from '../api/get-upload-pipelines';
import { useVideoDeals } from '../api/get-video-deals';
import { dealsInPipeline } from '../utils/filter-deals';
import { UploadAttendees } from './upload-attendees';
import { UploadMethodFields } from './upload-method-fields';
import { UPLOAD_MESSAGES, uploadFailedMessage } from './upload-messages';
import { useUploadForm } from './use-upload-form';

const METHOD_LABELS: Record<TUploadType, string> = { drive: 'Google Drive link', file: 'Video file', transcription: 'Transcription' };

type UploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploading: boolean;
  progress: number;
  onUpload: (input: UploadInput) => Promise<unknown>;
};

/**
 * 'Upload New Video Content'. The form outlives the dialog, so closing it mid-upload loses nothing:
 * a failed upload reopens it with the alert and every field still filled in.
 */
export function UploadDialog({ open, onOpenChange, uploading, progress, onUpload }: UploadDialogProps) {
  const form = useUploadForm();
  const [alert, setAlert] = useState<string | null>(null);
  const pipelines = useUploadPipelines(open);
  const deals = useVideoDeals(open);
  const { fields } = form;
  const pipeline = pipelines.data?.find((p) => p.pipelineId === fields.pipelineId);
  const dealOptions = dealsInPipeline(deals.data ?? [], pipeline);
  const loading = pipelines.isPending || deals.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || loading) return;
    const input = form.input();
    if (!input) {
      setAlert(form.problem);
      return;
    }
    setAlert(null);
    try {
      await onUpload(input);
      form.reset();
      onOpenChange(false);
      toast.success(input.method === 'transcription' ? UPLOAD_MESSAGES.transcriptionDone : UPLOAD_MESSAGES.videoDone);
    } catch (error) {
      setAlert(uploadFailedMessage(error));
      onOpenChange(true);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Upload New Video Content">
      <form className="dialog-form upload-form" onSubmit={(e) => void submit(e)} noValidate>
        <SelectField
          label="Pipeline"
          placeholder={pipelines.isPending ? 'Loading pipelines...' : 'Select a pipeline'}
          options={(pipelines.data ?? []).map((p) => ({ value: p.pipelineId, label: p.label }))}
          value={fields.pipelineId}
          onChange={(e) => form.setPipeline(e.target.value)}
          disabled={uploading}
          data-autofocus
        />
        <SelectField
          label="Deal"
          placeholder={fields.pipelineId ? 'Select a deal' : 'Select a pipeline first'}
          options={dealOptions.map((d) => ({ value: d.id, label: d.name }))}
          value={fields.dealId}
          onChange={(e) => form.setDeal(e.target.value)}
          disabled={uploading || !fields.pipelineId}
        />
        <fieldset className="field upload-methods" disabled={uploading}>
          <legend className="field-label">Upload method</legend>
          {UPLOAD_TYPES.map((method) => (
            <label key={method} className="radio-option">
              <input
                type="radio"
                name="upload-method"
                value={method}
                checked={fields.method === method}
                onChange={() => form.setMethod(method)}
              />
              {METHOD_LABELS[method]}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Google Meet link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://meet.google.com/..."
          value={fields.meetLink}
          onChange={(e) => form.setMeetLink(e.target.value)}
          disabled={uploading}
        />
        <UploadAttendees value={fields.attendees} onChange={form.setAttendees} disabled={uploading} />
        <UploadMethodFields form={form} disabled={uploading} />
        {uploading ? (
          <div className="upload-progress">
            <progress max={100} value={progress} aria-label="Upload progress" />
            <p role="status">Uploading... {progress}%</p>
          </div>
        ) : null}
        {alert ? <AlertMessage>{alert}</AlertMessage> : null}
        <div className="dialog-actions">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            disabled={uploading || loading}
            // Still focusable and clickable when something is missing: the click says what.
            aria-disabled={form.problem ? true : undefined}
            aria-busy={uploading || undefined}
          >
            {uploading ? `Uploading... ${progress}%` : 'Upload'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
