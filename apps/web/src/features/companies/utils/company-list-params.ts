import { COMPANY_SORTS, DEFAULT_RECORD_PAGE_SIZE, RECORD_PAGE_SIZES, type TCompanyListQuery } from '@pipewise/contract/companies';
import { recordListParams, type RecordListState } from '../../../lib/record-list-params';

export type CompanyListState = RecordListState<TCompanyListQuery['sort']>;
export const { stateOf, paramsOf } = recordListParams(COMPANY_SORTS, RECORD_PAGE_SIZES, DEFAULT_RECORD_PAGE_SIZE);
