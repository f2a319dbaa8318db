import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { isDealId, useDeal } from '../api/get-deal';
import { useDealOwners } from '../api/get-deal-owners';
import { usePipelines } from '../api/get-deal-stages';
import { statusChips } from '../utils/status-chips';
import { DealOverview } from './deal-overview';
import { DealStakeholders } from './deal-stakeholders';
import { DealStatusChips } from './deal-status-chips';
import { DealTextCard } from './deal-text-card';
import { DealCompanyEdit } from './deal-company-edit';
import { DealCompetitorsEdit } from './deal-competitors-edit';
import { DealFieldEdit } from './deal-field-edit';
import { DealStakeholdersEdit } from './deal-stakeholders-edit';
import { DeleteDealButton } from './delete-deal-button';
import '../deals.css';
import '../deal-forms.css';

/** The deal's texts, each in a card with its Edit button. */
const TEXT_CARDS = [
  { field: 'summary', title: 'Summary' },
  { field: 'painpoints', title: 'Pain Points' },
  { field: 'nextsteps', title: 'Next Steps' },
  { field: 'kdm', title: 'Decision Maker' },
] as const;

function BackToDeals() {
  const { state } = useLocation();
  const listSearch = (state as { listSearch?: unknown } | null)?.listSearch;
  return (
    <Link to={`/dashboard/deals${typeof listSearch === 'string' ? listSearch : ''}`} className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      All deals
    </Link>
  );
}

/**
 * One deal: its editable overview, status, stakeholders and texts, with `timeline` (another
 * feature's events for this deal) beside them.
 */
export function DealDetail({ timeline }: { timeline: ReactNode }) {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const owners = useDealOwners();
  const pipelines = usePipelines();

  const missing = !isDealId(id) || isApiError(deal.error, 404) || isApiError(deal.error, 400);
  if (missing || deal.isError) {
    return (
      <PageSection title="Deal details">
        <p role="alert" className="empty-state">
          {missing ? 'Deal not found' : 'Failed to load the deal'}
        </p>
        <div className="deal-state-actions">
          {missing ? null : (
            <Button variant="secondary" onClick={() => void deal.refetch()}>
              Retry
            </Button>
          )}
          <BackToDeals />
        </div>
      </PageSection>
    );
  }
  if (deal.isPending) {
    return (
      <div className="deals-state">
        <Spinner label="Loading deal" size={32} />
      </div>
    );
  }

  const current = deal.data ?? null;
  const stages = pipelines.data?.find((p) => p.pipelineId === current?.pipeline)?.stages ?? [];

  return (
    <div className="deal-detail">
      <BackToDeals />
      <div className="deal-detail-grid">
        <div className="deal-detail-main">
          <DealOverview
            key={current?.deal_id ?? 'none'}
            deal={current}
            owners={owners.data ?? []}
            pipelines={pipelines.data ?? []}
            onPipelineChange={() => void pipelines.refetch()}
          />
          {current ? (
            <div className="deal-edit-actions">
              <DealFieldEdit deal={current} field="dealname" title="Deal name" />
              <DealCompanyEdit deal={current} />
            </div>
          ) : null}
          {current ? <DealStatusChips chips={statusChips(current, stages)} /> : null}
          <DealStakeholders
            dealId={current?.deal_id ?? null}
            action={(list) => current && <DealStakeholdersEdit dealId={current.deal_id} companyId={current.company_id} current={list} />}
          />
          <div className="deal-text-cards">
            {TEXT_CARDS.map(({ field, title }) => (
              <DealTextCard
                key={field}
                title={title}
                text={current?.[field] ?? null}
                action={current && <DealFieldEdit deal={current} field={field} title={title} />}
              />
            ))}
            <DealTextCard
              title="Competitors"
              text={current?.competitors.join(', ') || null}
              action={current && <DealCompetitorsEdit deal={current} />}
            />
          </div>
          {current ? (
            <div className="deal-danger-zone">
              <DeleteDealButton deal={current} />
            </div>
          ) : null}
        </div>
        <div className="deal-detail-aside">{timeline}</div>
      </div>
    </div>
  );
}
