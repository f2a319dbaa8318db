import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZPipelineResponse,
  ZPipelinesList,
  ZStageDeleteResponse,
  type TNewPipeline,
  type TNewStage,
  type TPipelinePatch,
  type TStagePatch,
} from '@pipewise/contract/pipelines';
import { http } from '../../../lib/http';
import { PIPELINE_HOLDING_QUERY_KEYS } from '../../../lib/query-keys';

export const PIPELINES_QUERY_KEY = ['pipelines'] as const;

/** Settings > Pipelines: the workspace's pipelines (archived ones too when asked), with who may change them. */
export function usePipelineSettings(includeArchived: boolean) {
  return useQuery({
    queryKey: [...PIPELINES_QUERY_KEY, { includeArchived }],
    queryFn: async () => ZPipelinesList.parse(await http.get(`/api/pipelines${includeArchived ? '?include_archived=true' : ''}`)),
  });
}

const path = (id: string) => `/api/pipelines/${encodeURIComponent(id)}`;

/** Every change reloads this screen, the deal screens (stages, filters, totals, New Deal choices) and the upload choices at once. */
function usePipelinesChange<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(
        [PIPELINES_QUERY_KEY, ...PIPELINE_HOLDING_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

export const useCreatePipeline = () =>
  usePipelinesChange(async (body: TNewPipeline) => ZPipelineResponse.parse(await http.post('/api/pipelines', body)));

export const useUpdatePipeline = () =>
  usePipelinesChange(async ({ id, patch }: { id: string; patch: TPipelinePatch }) =>
    ZPipelineResponse.parse(await http.patch(path(id), patch)),
  );

export const useAddStage = () =>
  usePipelinesChange(async ({ id, stage }: { id: string; stage: TNewStage }) =>
    ZPipelineResponse.parse(await http.post(`${path(id)}/stages`, stage)),
  );

export const useUpdateStage = () =>
  usePipelinesChange(async ({ id, stageId, patch }: { id: string; stageId: string; patch: TStagePatch }) =>
    ZPipelineResponse.parse(await http.patch(`${path(id)}/stages/${encodeURIComponent(stageId)}`, patch)),
  );

/** Removes a stage; its deals move to `moveTo` (needed when it holds any). */
export const useRemoveStage = () =>
  usePipelinesChange(async ({ id, stageId, moveTo }: { id: string; stageId: string; moveTo?: string }) =>
    ZStageDeleteResponse.parse(
      await http.delete(`${path(id)}/stages/${encodeURIComponent(stageId)}${moveTo ? `?move_to=${encodeURIComponent(moveTo)}` : ''}`),
    ),
  );

export const useReorderStages = () =>
  usePipelinesChange(async ({ id, stageIds }: { id: string; stageIds: string[] }) =>
    ZPipelineResponse.parse(await http.put(`${path(id)}/stage-order`, { stage_ids: stageIds })),
  );
