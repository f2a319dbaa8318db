import { Dialog, DialogActions } from '../../../components/ui/dialog';

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
      <DialogActions label="Save" busyLabel="Saving..." busy={saving} onConfirm={onSave} focusConfirm />
    </Dialog>
  );
}
