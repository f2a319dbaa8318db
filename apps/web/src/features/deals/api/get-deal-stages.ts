import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPipeline, ZPipelinesResponse, type TPipeline } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** The spec keeps the pipelines in local storage once loaded, so the next visit has them at once. */
const STORAGE_KEY = 'dealStages';

function readCachedPipelines(): TPipeline[] | undefined {
  try {
    const parsed = z.array(ZPipeline).safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function fetchPipelines(): Promise<TPipeline[]> {
  const pipelines = ZPipelinesResponse.parse(await http.get('/api/deal/get-deal-stages')).data.results;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(pipelines));
  return pipelines;
}

/** The cached copy shows first and is refetched straight away (it counts as stale). */
export const pipelinesQueryOptions = () =>
  queryOptions({
    queryKey: dealQueryKeys.pipelines(),
    queryFn: fetchPipelines,
    initialData: readCachedPipelines,
    initialDataUpdatedAt: 0,
  });

export function usePipelines() {
  return useQuery(pipelinesQueryOptions());
}
