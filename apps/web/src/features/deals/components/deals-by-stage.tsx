import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatRs } from '../../../lib/format';
import { useDealsLists } from '../api/get-deals';
import type { DealColumnId } from '../utils/deal-columns';
import { apiQueryOf, type DealListState } from '../utils/deal-list-params';
import type { StageInfo } from '../utils/pipeline-lookup';
import { DealsTable } from './deals-table';

/** Deals shown under each stage heading; the rest are one click away. */
const PER_STAGE = 10;

type DealsByStageProps = {
  state: DealListState;
  stages: readonly StageInfo[];
  columns: readonly DealColumnId[];
  onShowStage: (stageId: string) => void;
  /** The pipelines (and so the stages) are still loading. */
  stagesLoading: boolean;
};

/**
 * Group by Stage: one query per stage with the current filters, so each heading's count and total
 * cover every matching deal, not just one page. Stages without matching deals are left out.
 */
export function DealsByStage({ state, stages, columns, onShowStage, stagesLoading }: DealsByStageProps) {
  const results = useDealsLists(stages.map((s) => apiQueryOf(state, { page: 1, pageSize: PER_STAGE, stages: [s.stageId] })));
  const loading = stagesLoading || results.some((r) => r.isPending);
  const groups = stages
    .map((stage, i) => ({ stage, result: results[i]! }))
    .filter(({ result }) => result.isError || (result.data?.total ?? 0) > 0);

  return (
    <div className="deals-by-stage">
      <p className="muted deals-by-stage-note">
        Grouped by stage across all matching deals; each stage lists its first {PER_STAGE} in the current order.
      </p>
      {groups.map(({ stage, result }) => {
        const headingId = `stage-${stage.stageId}`;
        return (
          <section key={stage.stageId} className="stage-group" aria-labelledby={headingId}>
            <div className="stage-group-header">
              <h3 id={headingId} className="stage-group-title">
                {stage.label} <span className="muted">· {stage.pipelineLabel}</span>
              </h3>
              {result.data ? (
                <p className="stage-group-summary">
                  {result.data.total} Deals · {formatRs(result.data.total_amount)}
                </p>
              ) : null}
            </div>
            {result.data ? (
              <>
                <DealsTable deals={result.data.data} columns={columns} caption={`${stage.label} deals`} />
                {result.data.total > PER_STAGE ? (
                  <Button variant="link" className="stage-group-more" onClick={() => onShowStage(stage.stageId)}>
                    Show all {result.data.total} deals in {stage.label}
                  </Button>
                ) : null}
              </>
            ) : (
              <AlertMessage plain>Failed to load deals</AlertMessage>
            )}
          </section>
        );
      })}
      {loading ? (
        <Spinner label="Loading stages" />
      ) : groups.length === 0 ? (
        <p className="empty-state">No deals match your filters</p>
      ) : null}
    </div>
  );
}
