import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

type SaveChangesDialogProps = {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
};

/** The spec's confirm step for owner, stage and close-date changes. */
export function SaveChangesDialog({ open, saving, onSave, onCancel }: SaveChangesDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !saving) onCancel();
      }}
      title="Save Changes"
      description="Do you want to save the changes made to this deal?"
    >
      <div className="dialog-actions">
        <DialogClose asChild>
          <Button variant="secondary" disabled={saving}>
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={onSave} disabled={saving} data-autofocus>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </Dialog>
  );
}
