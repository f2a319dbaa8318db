import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/http';
import { useDeleteVideo } from '../api/delete-video';

/** Delete, after a confirmation that names the recording. */
export function DeleteVideoButton({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteVideo();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Video deleted');
      },
      onError: (error) => toast.error(isApiError(error) && error.detail ? error.detail : 'Failed to delete the video. Please try again.'),
    });
  return (
    <>
      <Button variant="danger" className="btn-small" onClick={() => setOpen(true)} aria-label={`Delete ${title}`}>
        Delete
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete video?"
        description={`'${title}' and its insights will be removed. This cannot be undone.`}
      >
        <DialogActions label="Delete" busyLabel="Deleting..." busy={remove.isPending} onConfirm={confirm} focusConfirm />
      </Dialog>
    </>
  );
}
