import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSection } from '../../../components/ui/page-section';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useProfile } from '../../../lib/session';
import { useCreateDeal } from '../api/create-deal';
import { ownerDisplayName, useDealOwners } from '../api/get-deal-owners';
import { usePipelines } from '../api/get-deal-stages';
import { checkNewDeal, fieldErrorsOf, type NewDealErrors, type NewDealForm } from '../utils/new-deal-form';
import { CompanyPicker } from './company-picker';
import { ContactsPicker } from './contacts-picker';
import '../deals.css';
import '../deal-forms.css';

const SAVE_FAILED = 'The deal could not be created. Please try again.';
const EMPTY: NewDealForm = { dealname: '', pipeline: '', dealstage: '', amount: '', closedate: '', owner: '', company: null, contacts: [] };

const sortedStages = <T extends { displayOrder: number }>(stages: readonly T[]) =>
  [...stages].sort((a, b) => a.displayOrder - b.displayOrder);

/**
 * /dashboard/deals/new: name, pipeline and stage, amount, close date, owner (the caller unless they
 * pick someone they may assign to), company (picked, or created by name) and contacts. Save
 * creates the deal and opens it; nothing is saved while a field is wrong; Cancel goes back.
 */
export function NewDealPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const owners = useDealOwners();
  const pipelines = usePipelines();
  const create = useCreateDeal();
  const [form, setForm] = useState<NewDealForm>(EMPTY);
  const [errors, setErrors] = useState<NewDealErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const allPipelines = pipelines.data ?? [];
  // Defaults until the user picks: the first pipeline, its first stage, and the caller as owner.
  const pipelineId = form.pipeline || allPipelines[0]?.pipelineId || '';
  const stages = sortedStages(allPipelines.find((p) => p.pipelineId === pipelineId)?.stages ?? []);
  const stageId = form.dealstage || stages[0]?.stageId || '';
  const ownerId = form.owner || profile.data?.id || '';
  const shown: NewDealForm = { ...form, pipeline: pipelineId, dealstage: stageId, owner: ownerId };

  const set = <K extends keyof NewDealForm>(key: K, value: NewDealForm[K]) => {
    setForm((f) => ({ ...f, ...(key === 'pipeline' ? { dealstage: '' } : {}), [key]: value }));
    setErrors((e) => ({ ...e, [key === 'dealstage' ? 'dealstage' : key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { errors: found, body } = checkNewDeal(shown);
    setErrors(found);
    if (!body) return;
    try {
      const deal = await create.mutateAsync(body);
      toast.success('Deal created');
      void navigate(`/dashboard/deals/${deal.deal_id}`);
    } catch (error) {
      const fields = isApiError(error) ? fieldErrorsOf(error.fieldErrors) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(isApiError(error) && error.detail ? error.detail : SAVE_FAILED);
    }
  };

  if (pipelines.isPending) {
    return (
      <div className="deals-state">
        <Spinner label="Loading the form" size={32} />
      </div>
    );
  }
  if (pipelines.isError && allPipelines.length === 0) {
    return (
      <PageSection title="New Deal">
        <AlertMessage>Failed to load the pipelines</AlertMessage>
        <Button variant="secondary" onClick={() => void pipelines.refetch()}>
          Retry
        </Button>
      </PageSection>
    );
  }

  const ownerOptions = (owners.data ?? []).map((o) => ({ value: o.id, label: ownerDisplayName(o) }));
  if (ownerId && !ownerOptions.some((o) => o.value === ownerId))
    ownerOptions.unshift({ value: ownerId, label: profile.data?.name || 'Me' });
  const saving = create.isPending;

  return (
    <div className="deal-detail new-deal">
      <Link to="/dashboard/deals" className="back-link">
        <ArrowLeft size={16} aria-hidden="true" />
        All deals
      </Link>
      <Card raised className="new-deal-card" aria-labelledby="new-deal-title">
        <h2 id="new-deal-title" className="deal-title">
          New Deal
        </h2>
        {allPipelines.length === 0 ? (
          <AlertMessage>This workspace has no pipelines yet. An admin can add one in Settings.</AlertMessage>
        ) : null}
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <form className="new-deal-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={saving || undefined}>
          <fieldset className="new-deal-fields" disabled={saving}>
            <TextField
              label="Deal name"
              required
              autoComplete="off"
              value={form.dealname}
              onChange={(e) => set('dealname', e.target.value)}
              error={errors.dealname}
            />
            <SelectField
              label="Pipeline"
              options={allPipelines.map((p) => ({ value: p.pipelineId, label: p.label }))}
              placeholder={pipelineId ? undefined : 'Select pipeline'}
              value={pipelineId}
              onChange={(e) => set('pipeline', e.target.value)}
              error={errors.pipeline}
            />
            <SelectField
              label="Stage"
              options={stages.map((s) => ({ value: s.stageId, label: s.label }))}
              placeholder={stageId ? undefined : 'Select stage'}
              value={stageId}
              onChange={(e) => set('dealstage', e.target.value)}
              error={errors.dealstage}
            />
            <TextField
              label="Deal Value"
              prefix="INR"
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              onChange={(e) => set('amount', e.target.value)}
              error={errors.amount}
            />
            <TextField
              label="Expected Close Date"
              type="date"
              value={form.closedate}
              onChange={(e) => set('closedate', e.target.value)}
              error={errors.closedate}
            />
            <SelectField
              label="Owner"
              options={ownerOptions}
              placeholder={ownerId ? undefined : 'Select owner'}
              value={ownerId}
              onChange={(e) => set('owner', e.target.value)}
              error={errors.owner}
            />
            <CompanyPicker value={form.company} onChange={(c) => set('company', c)} allowCreate error={errors.company} />
            <ContactsPicker
              value={form.contacts}
              onChange={(c) => set('contacts', c)}
              companyId={form.company?.kind === 'existing' ? form.company.id : null}
              error={errors.contacts}
            />
          </fieldset>
          <div className="new-deal-actions">
            <Link to="/dashboard/deals" className="btn btn-secondary">
              Cancel
            </Link>
            <Button type="submit" disabled={saving || allPipelines.length === 0} aria-busy={saving || undefined}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
