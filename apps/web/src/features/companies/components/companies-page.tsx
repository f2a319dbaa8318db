import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COMPANY_SORTS, RECORD_PAGE_SIZES } from '@pipewise/contract/companies';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListPager } from '../../../components/ui/list-pager';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { COMPANIES_QUERY_KEY } from '../api/company-query-keys';
import { useCompanies } from '../api/get-companies';
import { useOwners } from '../api/get-owners';
import { COMPANY_SORT_LABELS, paramsOf, stateOf, type CompanyListState } from '../utils/company-list-params';
import { CompaniesTable } from './companies-table';
import { CompanyFormDialog } from './company-form-dialog';
import '../../../components/ui/records.css';

/** /dashboard/companies: the companies the caller sees, searched, sorted, filtered by owner and paged on the server. */
export function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const companies = useCompanies(paramsOf(state));
  const owners = useOwners();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const update = useCallback(
    (next: Partial<CompanyListState>) => setParams(paramsOf({ ...state, page: 1, ...next }), { replace: true }),
    [state, setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const filtered = state.search !== '' || state.owner !== '';
  const total = companies.data?.total ?? 0;

  let content;
  if (companies.isError) {
    content = (
      <div className="records-state">
        <AlertMessage plain>Failed to load companies</AlertMessage>
        <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY })}>
          Retry
        </Button>
      </div>
    );
  } else if (companies.isPending) {
    content = (
      <div className="records-state">
        <Spinner label="Loading companies" size={32} />
      </div>
    );
  } else if (total === 0) {
    content = <p className="empty-state">{filtered ? 'No companies match your search' : 'No companies yet'}</p>;
  } else {
    content = (
      <>
        <CompaniesTable companies={companies.data.data} busy={companies.isFetching} />
        <ListPager
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={RECORD_PAGE_SIZES}
          total={total}
          noun="companies"
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
        />
      </>
    );
  }

  return (
    <section className="records-page" aria-labelledby="companies-title">
      <div className="records-heading">
        <h2 id="companies-title" className="sr-only">
          All companies
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden="true" /> New company
        </Button>
      </div>
      <div className="records-toolbar">
        <SearchBox value={state.search} onSearch={onSearch} label="Search companies" />
        <SelectField
          label="Sort"
          value={state.sort}
          options={COMPANY_SORTS.map((s) => ({ value: s, label: COMPANY_SORT_LABELS[s] }))}
          onChange={(e) => update({ sort: e.target.value as CompanyListState['sort'] })}
        />
        <SelectField
          label="Owner"
          value={state.owner}
          placeholder="Everyone"
          options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          onChange={(e) => update({ owner: e.target.value })}
        />
      </div>
      <Card as="div" raised className="records-content">
        {content}
      </Card>
      <CompanyFormDialog
        open={creating}
        onOpenChange={setCreating}
        company={null}
        onSaved={(company) => void navigate(`/dashboard/companies/${company.id}`)}
      />
    </section>
  );
}
