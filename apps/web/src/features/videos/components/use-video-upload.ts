import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadVideo, type UploadInput } from '../api/upload-video';
import { videoQueryKeys } from '../api/video-query-keys';

/**
 * The screen's upload handler (the spec's parent handler with a progress callback): the header
 * button and the dialog both show its progress. Progress goes back to 0 when the upload ends.
 */
export function useVideoUpload() {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  const upload = async (input: UploadInput) => {
    setUploading(true);
    setProgress(0);
    try {
      const video = await uploadVideo(input, setProgress);
      await queryClient.invalidateQueries({ queryKey: videoQueryKeys.mine() });
      return video;
    } finally {
      setUploading(false);
      setProgress(0);
    }
  };

  return { uploading, progress, upload };
}
