import { CONTACT_SORTS, DEFAULT_RECORD_PAGE_SIZE, RECORD_PAGE_SIZES, type TContactListQuery } from '@pipewise/contract/companies';
import { recordListParams, type RecordListState } from '../../../lib/record-list-params';

export type ContactListState = RecordListState<TContactListQuery['sort']>;
export const { stateOf, paramsOf } = recordListParams(CONTACT_SORTS, RECORD_PAGE_SIZES, DEFAULT_RECORD_PAGE_SIZE);
