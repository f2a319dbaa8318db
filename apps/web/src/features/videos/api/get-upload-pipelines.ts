import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPipelinesResponse, type TPipeline } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { videoQueryKeys } from './video-query-keys';

/** The CRM pipelines, from the deals API, for the upload dialog's pipeline select. */
export async function fetchUploadPipelines(): Promise<TPipeline[]> {
  try {
    return ZPipelinesResponse.parse(await http.get('/api/deal/get-deal-stages')).data.results;
  } catch (error) {
    console.error('Failed to load the pipelines for uploads', error);
    return [];
  }
}

export const uploadPipelinesQueryOptions = () =>
  queryOptions({ queryKey: videoQueryKeys.pipelines(), queryFn: fetchUploadPipelines, staleTime: 60_000 });

export function useUploadPipelines(enabled: boolean) {
  return useQuery({ ...uploadPipelinesQueryOptions(), enabled });
}
