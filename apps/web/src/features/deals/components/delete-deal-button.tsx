import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TDeal } from '@pipewise/contract/deals';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/http';
import { useDeleteDeal } from '../api/delete-deal';

const DELETE_FAILED = 'The deal could not be deleted. Please try again.';

/**
 * 'Delete deal', after a confirmation naming it; then the deals list and a toast. The server
 * decides who may (the owner, those above them, admins) and its refusal shows in the dialog.
 */
export function DeleteDealButton({ deal }: { deal: TDeal }) {
  const navigate = useNavigate();
  const remove = useDeleteDeal(deal.deal_id);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync();
      setOpen(false);
      toast.success(`Deal "${deal.dealname}" deleted`);
      void navigate('/dashboard/deals');
    } catch (error) {
      setFailure(isApiError(error) && error.detail ? error.detail : DELETE_FAILED);
    }
  };

  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        <Trash2 size={16} aria-hidden="true" />
        Delete deal
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title="Delete deal"
        description={`Delete "${deal.dealname}"? Its recordings stay, no longer linked to a deal. This cannot be undone.`}
      >
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <DialogActions label="Delete" busyLabel="Deleting..." busy={remove.isPending} onConfirm={() => void confirm()} />
      </Dialog>
    </>
  );
}
