import { Plus } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { RECORD_SORT_LABELS, type RecordListState } from '../../lib/record-list-params';
import { AlertMessage } from './alert-message';
import { Button } from './button';
import { Card } from './card';
import { ListPager } from './list-pager';
import { SearchBox } from './search-box';
import { SelectField } from './select-field';
import { Spinner } from './spinner';
import './records.css';

type Query<R> = { isError: boolean; isPending: boolean; isFetching: boolean; data?: { data: R[]; total: number } };

type RecordListPageProps<R, S extends string> = {
  /** 'company' / 'companies': the screen's texts ('New company', 'No companies yet', ...). */
  noun: { one: string; many: string };
  state: RecordListState<S>;
  /** A change of search, sort, owner or page size goes back to page 1 unless it names a page. */
  update: (next: Partial<RecordListState<S>>) => void;
  sorts: readonly S[];
  pageSizes: readonly number[];
  owners: readonly { id: string; name: string }[];
  query: Query<R>;
  retry: () => void;
  table: (rows: R[], busy: boolean) => ReactNode;
  /** The New dialog, open or not. */
  createDialog: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
};

/**
 * A built-in CRM list screen (companies, contacts): New, search, sort, owner filter, the table or
 * its loading, error and empty states, and the pager, as the deals list has them.
 */
export function RecordListPage<R, S extends string>(props: RecordListPageProps<R, S>) {
  const { noun, state, update, query } = props;
  const [creating, setCreating] = useState(false);
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const filtered = state.search !== '' || state.owner !== '';

  let content;
  if (query.isError) {
    content = (
      <div className="records-state">
        <AlertMessage plain>{`Failed to load ${noun.many}`}</AlertMessage>
        <Button variant="secondary" onClick={props.retry}>
          Retry
        </Button>
      </div>
    );
  } else if (query.isPending || !query.data) {
    content = (
      <div className="records-state">
        <Spinner label={`Loading ${noun.many}`} size={32} />
      </div>
    );
  } else if (query.data.total === 0) {
    content = <p className="empty-state">{filtered ? `No ${noun.many} match your search` : `No ${noun.many} yet`}</p>;
  } else {
    content = (
      <>
        {props.table(query.data.data, query.isFetching)}
        <ListPager
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={props.pageSizes}
          total={query.data.total}
          noun={noun.many}
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
        />
      </>
    );
  }

  const titleId = `${noun.many}-title`;
  return (
    <section className="records-page" aria-labelledby={titleId}>
      <div className="records-heading">
        <h2 id={titleId} className="sr-only">
          All {noun.many}
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden="true" /> New {noun.one}
        </Button>
      </div>
      <div className="records-toolbar">
        <SearchBox value={state.search} onSearch={onSearch} label={`Search ${noun.many}`} />
        <SelectField
          label="Sort"
          value={state.sort}
          options={props.sorts.map((s) => ({ value: s, label: RECORD_SORT_LABELS[s] ?? s }))}
          onChange={(e) => update({ sort: e.target.value as S })}
        />
        <SelectField
          label="Owner"
          value={state.owner}
          placeholder="Everyone"
          options={props.owners.map((o) => ({ value: o.id, label: o.name }))}
          onChange={(e) => update({ owner: e.target.value })}
        />
      </div>
      <Card as="div" raised className="records-content">
        {content}
      </Card>
      {props.createDialog(creating, setCreating)}
    </section>
  );
}
