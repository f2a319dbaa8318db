import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, writeListState, type DealListState } from '../utils/deal-list-params';

/**
 * The all-deals state read from and written to the URL. Each change is a history entry (so Back
 * undoes it) unless `replace` is asked for, as the debounced search does while typing.
 */
export function useDealListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListState(searchParams), [searchParams]);
  const update = useCallback(
    (next: DealListState, options: { replace?: boolean } = {}) => {
      if (next === state) return;
      const query = writeListState(next);
      if (query.toString() === writeListState(state).toString()) return;
      setSearchParams(query, { replace: options.replace ?? false });
    },
    [state, setSearchParams],
  );
  return { state, update };
}
