import { useEffect } from 'react';
import type { TDeal, TOwner, TPipeline } from '@pipewise/contract/deals';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Card } from '../../../components/ui/card';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ownerDisplayName } from '../api/get-deal-owners';
import { ConfidenceBadge } from './confidence-badge';
import { SaveChangesDialog } from './save-changes-dialog';
import { STAGE_AGAIN_MESSAGE, useDealForm } from './use-deal-form';

/** How long a typed close date rests before the save dialog opens (a picked date: the same pause). */
const CLOSE_DATE_SETTLE_MS = 800;

type DealOverviewProps = {
  deal: TDeal | null;
  owners: readonly TOwner[];
  pipelines: readonly TPipeline[];
  onPipelineChange: () => void;
};

/** Keeps the deal's own value selectable even when the option lists have not loaded (or lack it). */
function withCurrent(options: SelectOption[], value: string | null | undefined, label: string | null | undefined): SelectOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [{ value, label: label ?? value }, ...options];
}

/** The top card: title, confidence, and the editable owner, pipeline, stage, close date and value. */
export function DealOverview({ deal, owners, pipelines, onPipelineChange }: DealOverviewProps) {
  const edit = useDealForm(deal, onPipelineChange);
  const { form, pending, commitCloseDate } = edit;

  const ownerOptions = withCurrent(
    owners.map((o) => ({ value: o.id, label: ownerDisplayName(o) })),
    deal?.owner_id,
    deal?.owner_name ?? deal?.owner_email,
  );
  const pipelineOptions = withCurrent(
    pipelines.map((p) => ({ value: p.pipelineId, label: p.label })),
    deal?.pipeline,
    deal?.pipeline_label,
  );
  const stages = pipelines.find((p) => p.pipelineId === form.pipeline)?.stages ?? [];
  const stageOptions = withCurrent(
    [...stages].sort((a, b) => a.displayOrder - b.displayOrder).map((s) => ({ value: s.stageId, label: s.label })),
    form.pipeline === deal?.pipeline ? deal.dealstage : null,
    deal?.dealstage_label,
  );

  useEffect(() => {
    if (pending) return;
    const timer = setTimeout(commitCloseDate, CLOSE_DATE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [form.closeDate, pending, commitCloseDate]);

  return (
    <Card raised className="deal-overview" aria-labelledby="deal-title">
      <div className="deal-overview-head">
        <h2 id="deal-title" className="deal-title">
          {deal?.dealname || 'New Deal'}
        </h2>
        <ConfidenceBadge deal={deal} />
      </div>
      {edit.saveError ? <AlertMessage plain>{edit.saveError}</AlertMessage> : null}
      <div className="deal-fields">
        <SelectField
          label="Owner"
          options={ownerOptions}
          placeholder={form.ownerId ? undefined : 'Select owner'}
          value={form.ownerId}
          onChange={(e) => edit.changeOwner(e.target.value)}
        />
        <SelectField
          label="Pipeline"
          options={pipelineOptions}
          placeholder={form.pipeline ? undefined : 'Select pipeline'}
          value={form.pipeline}
          onChange={(e) => edit.changePipeline(e.target.value)}
        />
        <SelectField
          label="Stage"
          options={stageOptions}
          placeholder={form.dealStage ? undefined : 'Select stage'}
          value={form.dealStage}
          onChange={(e) => edit.changeStage(e.target.value)}
          error={edit.stageAlert ? STAGE_AGAIN_MESSAGE : null}
        />
        <TextField
          label="Expected Close Date"
          type="date"
          value={form.closeDate}
          onChange={(e) => edit.setCloseDateInput(e.target.value)}
          onBlur={commitCloseDate}
          onKeyDown={(e) => e.key === 'Enter' && commitCloseDate()}
        />
        <TextField
          label="Deal Value"
          prefix="INR"
          inputMode="decimal"
          autoComplete="off"
          value={edit.amountInput}
          onChange={(e) => edit.setAmountInput(e.target.value)}
          onBlur={edit.commitAmount}
          onKeyDown={(e) => {
            if (e.key === 'Enter') edit.commitAmount();
            if (e.key === 'Escape') edit.resetAmount();
          }}
          error={edit.amountError}
        />
      </div>
      <SaveChangesDialog open={pending !== null} saving={edit.saving} onSave={() => void edit.confirm()} onCancel={edit.cancel} />
    </Card>
  );
}
