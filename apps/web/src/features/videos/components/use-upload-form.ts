import { useState } from 'react';
import type { TUploadType } from '@pipewise/contract/videos';
import type { PickedAttendee } from '../../../components/ui/attendee-picker';
import type { UploadInput } from '../api/upload-video';
import { uploadProblem, type UploadFields } from './upload-messages';

const EMPTY: UploadFields & { meetLink: string; attendees: PickedAttendee[] } = {
  pipelineId: '',
  dealId: '',
  method: '',
  meetLink: '',
  driveLink: '',
  file: null,
  documentFile: null,
  transcriptionText: '',
  attendees: [],
};

const isPlainText = (file: File) => file.type === 'text/plain' || file.name.toLowerCase().endsWith('.txt');

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The document could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The upload dialog's fields. Choosing another method clears the inputs of the others, so what is
 * sent is only what the chosen method shows; a plain .txt document is also read into the text box.
 */
export function useUploadForm() {
  const [fields, setFields] = useState(EMPTY);
  const set = (patch: Partial<typeof EMPTY>) => setFields((f) => ({ ...f, ...patch }));

  const setMethod = (method: TUploadType) =>
    setFields((f) => ({
      ...f,
      method,
      driveLink: method === 'drive' ? f.driveLink : '',
      file: method === 'file' ? f.file : null,
      documentFile: method === 'transcription' ? f.documentFile : null,
      transcriptionText: method === 'transcription' ? f.transcriptionText : '',
    }));

  const setDocument = async (file: File | null) => {
    set({ documentFile: file });
    if (!file || !isPlainText(file)) return;
    try {
      set({ transcriptionText: await readText(file) });
    } catch (error) {
      // The document itself is still sent; the server reads it.
      console.error('Failed to read the document', error);
    }
  };

  const problem = uploadProblem(fields);
  const input = (): UploadInput | null =>
    problem || !fields.method
      ? null
      : {
          dealId: fields.dealId,
          pipelineId: fields.pipelineId,
          method: fields.method,
          meetLink: fields.meetLink,
          driveLink: fields.driveLink,
          file: fields.file,
          documentFile: fields.documentFile,
          transcriptionText: fields.transcriptionText,
          attendees: fields.attendees,
        };

  return {
    fields,
    problem,
    input,
    setPipeline: (pipelineId: string) => set({ pipelineId, dealId: '' }),
    setDeal: (dealId: string) => set({ dealId }),
    setMethod,
    setMeetLink: (meetLink: string) => set({ meetLink }),
    setAttendees: (attendees: PickedAttendee[]) => set({ attendees }),
    setDriveLink: (driveLink: string) => set({ driveLink }),
    setFile: (file: File | null) => set({ file }),
    setDocument,
    setTranscriptionText: (transcriptionText: string) => set({ transcriptionText }),
    reset: () => setFields(EMPTY),
  };
}

export type UploadForm = ReturnType<typeof useUploadForm>;
