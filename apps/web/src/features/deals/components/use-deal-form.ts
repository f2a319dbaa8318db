import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { parseAmount, type TDeal } from '@pipewise/contract/deals';
import { isApiError } from '../../../lib/http';
import { formatIndianNumber } from '../../../lib/format';
import { dealQueryKeys } from '../api/deal-query-keys';
import { useUpdateDeal, type DealProperties } from '../api/update-deal';

/** The spec's deal form state. */
export type DealForm = { ownerId: string; closeDate: string; amount: string; dealStage: string; pipeline: string };
type ConfirmedField = 'ownerId' | 'dealStage' | 'closeDate';
export type PendingChange = { field: ConfirmedField; value: string; properties: DealProperties };

export const STAGE_AGAIN_MESSAGE = 'Please Select Deal Stage Again';
const SAVE_FAILED_MESSAGE = 'Failed to save the deal. Please try again.';

const isPlausibleDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900;

export function formFromDeal(deal: TDeal | null): DealForm {
  return {
    ownerId: deal?.owner_id ?? '',
    closeDate: deal?.closedate ?? '',
    amount: deal?.amount ?? '',
    dealStage: deal?.dealstage ?? '',
    pipeline: deal?.pipeline ?? '',
  };
}

/** The Deal Value box shows the amount with Indian grouping; empty when there is none. */
export const amountText = (amount: string) => (amount ? formatIndianNumber(amount) : '');

/**
 * The deal edit rules. Owner, stage and close date wait for the 'Save Changes' dialog; the amount
 * saves on blur or Enter when changed; a new pipeline clears the stage and asks for it again, and
 * is saved together with the stage chosen next. A New Deal (no deal) only changes the local form.
 * Saves send the loaded version; a 409 shows the server's message and reloads the deal.
 */
export function useDealForm(deal: TDeal | null, onPipelineChange: () => void) {
  const queryClient = useQueryClient();
  const update = useUpdateDeal(deal?.deal_id ?? '');
  const [form, setForm] = useState(() => formFromDeal(deal));
  const [amountInput, setAmountInput] = useState(() => amountText(form.amount));
  const [closeDateInput, setCloseDateInput] = useState(form.closeDate);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [stageAlert, setStageAlert] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  /** The person is typing in Deal Value: a reload does not overwrite what they typed. */
  const [amountEditing, setAmountEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  // A saved or reloaded deal (new version) replaces the form, except what is being typed in Deal Value
  // (the reload of the save before may land while the next amount is typed); the save error and a
  // refused amount's message stay on screen.
  const syncKey = deal ? `${deal.deal_id}:${deal.version}` : 'new';
  const [syncedKey, setSyncedKey] = useState(syncKey);
  if (syncKey !== syncedKey) {
    setSyncedKey(syncKey);
    const next = formFromDeal(deal);
    setForm(next);
    if (!amountEditing) setAmountInput(amountText(next.amount));
    setCloseDateInput(next.closeDate);
    setStageAlert(false);
  }

  const failed = async (error: unknown) => {
    setSaveError(isApiError(error) && error.detail ? error.detail : SAVE_FAILED_MESSAGE);
    if (isApiError(error, 409) && deal) await queryClient.invalidateQueries({ queryKey: dealQueryKeys.detail(deal.deal_id) });
  };

  const request = (field: ConfirmedField, value: string, properties: DealProperties) => {
    setSaveError(null);
    if (!deal) setForm((f) => ({ ...f, [field]: value }));
    else setPending({ field, value, properties });
  };

  const changeOwner = (ownerId: string) => {
    if (ownerId && ownerId !== form.ownerId) request('ownerId', ownerId, { hubspot_owner_id: ownerId });
  };
  /** Typed dates pass through partial years (0002, 0020, ...): only a plausible date or none counts. */
  const commitCloseDate = () => {
    if (pending || closeDateInput === form.closeDate) return;
    if (closeDateInput && !isPlausibleDate(closeDateInput)) return;
    request('closeDate', closeDateInput, { closedate: closeDateInput || null });
  };
  const changeStage = (stageId: string) => {
    if (!stageId || stageId === form.dealStage) return;
    setStageAlert(false);
    const pipelineChanged = deal !== null && form.pipeline !== deal.pipeline;
    request('dealStage', stageId, pipelineChanged ? { pipeline: form.pipeline, dealstage: stageId } : { dealstage: stageId });
  };
  const changePipeline = (pipeline: string) => {
    if (!pipeline || pipeline === form.pipeline) return;
    setSaveError(null);
    setForm((f) => ({ ...f, pipeline, dealStage: '' }));
    setStageAlert(true);
    onPipelineChange();
  };

  const cancel = () => {
    setPending(null);
    setCloseDateInput(form.closeDate);
  };
  const confirm = async () => {
    if (!pending || !deal) return;
    try {
      await update.mutateAsync({ properties: pending.properties, version: deal.version });
      toast.success('Changes saved');
    } catch (error) {
      setCloseDateInput(form.closeDate);
      await failed(error);
    } finally {
      setPending(null);
    }
  };

  const commitAmount = () => {
    setAmountEditing(false);
    const parsed = parseAmount(amountInput);
    if (!parsed.ok) {
      setAmountError(parsed.message);
      setAmountInput(amountText(form.amount));
      return;
    }
    setAmountError(null);
    setAmountInput(amountText(parsed.value));
    if (parsed.value === form.amount) return;
    const previous = form.amount;
    setForm((f) => ({ ...f, amount: parsed.value }));
    if (!deal) return;
    setSaveError(null);
    update.mutateAsync({ properties: { amount: parsed.value }, version: deal.version }).then(
      () => toast.success('Deal value saved'),
      async (error: unknown) => {
        setForm((f) => ({ ...f, amount: previous }));
        setAmountInput(amountText(previous));
        await failed(error);
      },
    );
  };
  const resetAmount = () => {
    setAmountEditing(false);
    setAmountError(null);
    setAmountInput(amountText(form.amount));
  };

  /** What the controls show: the form, with a change awaiting confirmation already applied. */
  const shown: DealForm = { ...(pending ? { ...form, [pending.field]: pending.value } : form), closeDate: closeDateInput };

  return {
    form: shown,
    amountInput,
    setAmountInput: (value: string) => {
      setAmountError(null);
      setAmountEditing(true);
      setAmountInput(value);
    },
    commitAmount,
    resetAmount,
    changeOwner,
    setCloseDateInput,
    commitCloseDate,
    changeStage,
    changePipeline,
    pending,
    saving: update.isPending && pending !== null,
    confirm,
    cancel,
    stageAlert,
    amountError,
    saveError,
  };
}
