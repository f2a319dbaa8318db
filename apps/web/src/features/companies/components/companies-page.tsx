import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COMPANY_SORTS, RECORD_PAGE_SIZES } from '@pipewise/contract/companies';
import { RecordListPage } from '../../../components/ui/record-list-page';
import { COMPANIES_QUERY_KEY } from '../api/company-query-keys';
import { useCompanies } from '../api/get-companies';
import { useOwners } from '../api/get-owners';
import { paramsOf, stateOf, type CompanyListState } from '../utils/company-list-params';
import { CompaniesTable } from './companies-table';
import { CompanyFormDialog } from './company-form-dialog';

/** /dashboard/companies: the companies the caller sees, searched, sorted, filtered by owner and paged on the server. */
export function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const companies = useCompanies(paramsOf(state));
  const owners = useOwners();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useCallback(
    (next: Partial<CompanyListState>) => setParams(paramsOf({ ...state, page: 1, ...next }), { replace: true }),
    [state, setParams],
  );

  return (
    <RecordListPage
      noun={{ one: 'company', many: 'companies' }}
      state={state}
      update={update}
      sorts={COMPANY_SORTS}
      pageSizes={RECORD_PAGE_SIZES}
      owners={owners.data ?? []}
      query={companies}
      retry={() => void queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY })}
      table={(rows, busy) => <CompaniesTable companies={rows} busy={busy} />}
      createDialog={(open, onOpenChange) => (
        <CompanyFormDialog
          open={open}
          onOpenChange={onOpenChange}
          company={null}
          onSaved={(company) => void navigate(`/dashboard/companies/${company.id}`)}
        />
      )}
    />
  );
}
