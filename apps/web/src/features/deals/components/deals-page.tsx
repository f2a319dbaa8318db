import { useQueryClient } from '@tanstack/react-query';
import type { TDealSort } from '@pipewise/contract/deals';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { pageCountOf } from '../../../lib/pagination';
import { DEALS_QUERY_KEY } from '../api/deal-query-keys';
import { exportDealsUrl } from '../api/export-deals';
import { useDealOwners } from '../api/get-deal-owners';
import { usePipelines } from '../api/get-deal-stages';
import { useDeals } from '../api/get-deals';
import { loadVisibleColumns, saveVisibleColumns, type DealColumnId } from '../utils/deal-columns';
import { apiQueryOf, DEFAULT_SORT, hasActiveFilters, setPageSize, setSearch, setSort } from '../utils/deal-list-params';
import { stagesInView } from '../utils/pipeline-lookup';
import { DealsByStage } from './deals-by-stage';
import { DealsFilters, type OpenMenu } from './deals-filters';
import { DealsPager } from './deals-pager';
import { DealsSearch } from './deals-search';
import { DealsTable } from './deals-table';
import { DealsToolbar } from './deals-toolbar';
import { NewDealButton } from './new-deal-button';
import { useDealListState } from './use-deal-list-state';
import '../deals.css';
import '../deal-forms.css';

/** The spec's error texts, which replace the table. */
function loadError(dealsFailed: boolean, ownersFailed: boolean): string | null {
  if (dealsFailed && ownersFailed) return 'Failed to load data';
  if (dealsFailed) return 'Failed to load deals';
  if (ownersFailed) return 'Failed to load deal owners';
  return null;
}

export function DealsPage() {
  const { state, update } = useDealListState();
  const [openMenu, setOpenMenu] = useState<OpenMenu>(null);
  const [columns, setColumns] = useState<DealColumnId[]>(loadVisibleColumns);
  const queryClient = useQueryClient();
  const query = apiQueryOf(state);
  // A page of deals renders in a render of its own, which React does in slices, not in the task
  // that delivered the answer: a phone's main thread stays free for input while the rows are built.
  // A failure shows at once, with the other lists' (the error text names everything that failed).
  const liveDeals = useDeals(query);
  const deferredDeals = useDeferredValue(liveDeals);
  const deals = liveDeals.isError ? liveDeals : deferredDeals;
  const owners = useDealOwners();
  const pipelines = usePipelines();

  useEffect(() => {
    // The spec: a failed stage load is only logged; the filters still work without it.
    if (pipelines.error) console.error('Failed to load deal stages', pipelines.error);
  }, [pipelines.error]);

  // A shared link or a shrunken list can point past the last page: go to the last one instead.
  const total = deals.data?.total ?? 0;
  const lastPage = pageCountOf(total, state.pageSize);
  useEffect(() => {
    if (!deals.isPlaceholderData && lastPage > 0 && state.page > lastPage) update({ ...state, page: lastPage }, { replace: true });
  }, [deals.isPlaceholderData, lastPage, state, update]);

  const onSearch = useCallback((text: string) => update(setSearch(state, text), { replace: true }), [state, update]);
  const onSort = useCallback((sort: TDealSort) => update(setSort(state, sort)), [state, update]);
  const changeColumns = (next: DealColumnId[]) => {
    setColumns(next);
    saveVisibleColumns(next);
  };

  const error = loadError(deals.isError, owners.isError);
  const filtered = hasActiveFilters(state) || state.search !== '';
  const retry = () => void queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY });

  let content;
  if (error) {
    content = (
      <div className="deals-state">
        <AlertMessage plain>{error}</AlertMessage>
        <Button variant="secondary" onClick={retry}>
          Retry
        </Button>
      </div>
    );
  } else if (deals.isPending) {
    content = (
      <div className="deals-state">
        <Spinner label="Loading deals" size={32} />
      </div>
    );
  } else if (state.view === 'stage') {
    content = (
      <DealsByStage
        state={state}
        stages={stagesInView(pipelines.data ?? [], state.pipelines, state.stages)}
        columns={columns}
        stagesLoading={pipelines.isPending}
        onShowStage={(stageId) => update({ ...state, stages: [stageId], page: 1, view: 'table' })}
      />
    );
  } else if (!deals.data || total === 0) {
    content = <p className="empty-state">{filtered ? 'No deals match your filters' : 'No deals found'}</p>;
  } else {
    content = (
      <>
        <DealsTable deals={deals.data.data} columns={columns} caption="Deals" sort={state.sort} onSort={onSort} busy={deals.isFetching} />
        <DealsPager
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          shown={{ page: deals.data.page, pageSize: deals.data.page_size }}
          onPageChange={(page) => update({ ...state, page })}
          onPageSizeChange={(size) => update(setPageSize(state, size))}
        />
      </>
    );
  }

  return (
    <section className="deals-page" aria-labelledby="deals-page-title">
      <h2 id="deals-page-title" className="sr-only">
        All deals
      </h2>
      <DealsFilters
        state={state}
        onChange={update}
        owners={owners.data ?? []}
        pipelines={pipelines.data ?? []}
        openMenu={openMenu}
        setOpenMenu={setOpenMenu}
      />
      <div className="deals-toolbar">
        <DealsSearch value={state.search} onSearch={onSearch} />
        <DealsToolbar
          total={deals.data ? deals.data.total : null}
          totalAmount={deals.data ? deals.data.total_amount : null}
          columns={columns}
          onColumnsChange={changeColumns}
          exportUrl={exportDealsUrl(query)}
          sortedByValue={state.sort === 'amount_desc'}
          sortedByConfidence={state.sort === 'confidence_asc'}
          groupedByStage={state.view === 'stage'}
          onRefresh={retry}
          onToggleSortByValue={() => update(setSort(state, state.sort === 'amount_desc' ? DEFAULT_SORT : 'amount_desc'))}
          onToggleSortByConfidence={() => update(setSort(state, state.sort === 'confidence_asc' ? DEFAULT_SORT : 'confidence_asc'))}
          onToggleGroupByStage={() => update({ ...state, view: state.view === 'stage' ? 'table' : 'stage', page: 1 })}
          openMenu={openMenu}
          setOpenMenu={setOpenMenu}
        />
        <NewDealButton />
      </div>
      <Card as="div" raised className="deals-content">
        {content}
      </Card>
    </section>
  );
}
