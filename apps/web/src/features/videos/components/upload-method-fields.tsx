import { DOCUMENT_EXTENSIONS, MEDIA_ACCEPT } from '@pipewise/contract/videos';
import { FormField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import type { UploadForm } from './use-upload-form';

const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(',');

/** The inputs of the chosen upload method: a drive link, a media file, or a transcription. */
export function UploadMethodFields({ form, disabled }: { form: UploadForm; disabled: boolean }) {
  const { fields } = form;
  if (fields.method === 'drive') {
    return (
      <TextField
        label="Google Drive link"
        type="url"
        inputMode="url"
        placeholder="https://drive.google.com/..."
        value={fields.driveLink}
        onChange={(e) => form.setDriveLink(e.target.value)}
        disabled={disabled}
      />
    );
  }
  if (fields.method === 'file') {
    return (
      <FormField label="Video file">
        {(control) => (
          <input
            {...control}
            className="input input-file"
            type="file"
            accept={MEDIA_ACCEPT}
            onChange={(e) => form.setFile(e.target.files?.[0] ?? null)}
            disabled={disabled}
          />
        )}
      </FormField>
    );
  }
  if (fields.method === 'transcription') {
    return (
      <>
        <FormField label="Transcription document (.pdf, .doc, .docx, .txt, .rtf, .vtt, .srt)">
          {(control) => (
            <input
              {...control}
              className="input input-file"
              type="file"
              accept={DOCUMENT_ACCEPT}
              onChange={(e) => void form.setDocument(e.target.files?.[0] ?? null)}
              disabled={disabled}
            />
          )}
        </FormField>
        <FormField label="Transcription text">
          {(control) => (
            <>
              <textarea
                {...control}
                aria-describedby={`${control.id}-count`}
                className="input textarea"
                rows={6}
                value={fields.transcriptionText}
                onChange={(e) => form.setTranscriptionText(e.target.value)}
                disabled={disabled}
              />
              <p id={`${control.id}-count`} className="field-hint">
                {fields.transcriptionText.length} characters
              </p>
            </>
          )}
        </FormField>
      </>
    );
  }
  return null;
}
