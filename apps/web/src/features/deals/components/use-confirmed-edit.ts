import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TDeal } from '@pipewise/contract/deals';
import { isApiError } from '../../../lib/http';
import { dealQueryKeys } from '../api/deal-query-keys';
import { useUpdateDeal, type DealProperties } from '../api/update-deal';

const SAVE_FAILED_MESSAGE = 'Failed to save the deal. Please try again.';

/**
 * An edit of the deal screen that waits for the 'Save Changes' dialog, as the owner, stage and
 * close date do: `request` opens it; Save sends the loaded version; a 409 (someone changed the
 * deal since) shows the server's message and reloads the deal.
 */
export function useConfirmedEdit(deal: TDeal) {
  const queryClient = useQueryClient();
  const update = useUpdateDeal(deal.deal_id);
  const [pending, setPending] = useState<DealProperties | null>(null);
  const confirm = async () => {
    if (!pending) return;
    try {
      await update.mutateAsync({ properties: pending, version: deal.version });
      toast.success('Changes saved');
    } catch (error) {
      toast.error(isApiError(error) && error.detail ? error.detail : SAVE_FAILED_MESSAGE);
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: dealQueryKeys.detail(deal.deal_id) });
    } finally {
      setPending(null);
    }
  };
  return { request: setPending, pending, saving: update.isPending, confirm, cancel: () => setPending(null) };
}
