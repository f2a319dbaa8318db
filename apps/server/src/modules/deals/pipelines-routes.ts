import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZNewPipeline,
  ZNewStage,
  ZPipelineParams,
  ZPipelinePatch,
  ZPipelineResponse,
  ZPipelinesList,
  ZPipelinesListQuery,
  ZStageDeleteQuery,
  ZStageDeleteResponse,
  ZStageOrder,
  ZStageParams,
  ZStagePatch,
} from '@pipewise/contract/pipelines';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { PipelinesService } from './pipelines-service';

const errors = errorResponses();

/**
 * Settings > Pipelines. DELETE on a pipeline archives it (its deals stay readable; a pipeline is
 * never dropped); on a stage it removes it, moving its deals to `move_to`.
 */
export function pipelinesRoutes(service: PipelinesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['pipelines'];
    app.get('/api/pipelines', { schema: { tags, querystring: ZPipelinesListQuery, response: { 200: ZPipelinesList, ...errors } } }, (req) =>
      service.list(requireCaller(req), req.query.include_archived),
    );
    app.post(
      '/api/pipelines',
      { schema: { tags, body: ZNewPipeline, response: { 201: ZPipelineResponse, ...errors } } },
      async (req, reply) => reply.code(201).send({ data: await service.create(requireCaller(req), req.body) }),
    );
    app.patch(
      '/api/pipelines/:id',
      { schema: { tags, params: ZPipelineParams, body: ZPipelinePatch, response: { 200: ZPipelineResponse, ...errors } } },
      async (req) => ({ data: await service.update(requireCaller(req), req.params.id, req.body) }),
    );
    app.delete(
      '/api/pipelines/:id',
      { schema: { tags, summary: 'Archives the pipeline', params: ZPipelineParams, response: { 200: ZPipelineResponse, ...errors } } },
      async (req) => ({ data: await service.update(requireCaller(req), req.params.id, { archived: true }) }),
    );
    app.post(
      '/api/pipelines/:id/stages',
      { schema: { tags, params: ZPipelineParams, body: ZNewStage, response: { 201: ZPipelineResponse, ...errors } } },
      async (req, reply) => reply.code(201).send({ data: await service.addStage(requireCaller(req), req.params.id, req.body) }),
    );
    app.patch(
      '/api/pipelines/:id/stages/:stageId',
      { schema: { tags, params: ZStageParams, body: ZStagePatch, response: { 200: ZPipelineResponse, ...errors } } },
      async (req) => ({ data: await service.updateStage(requireCaller(req), req.params.id, req.params.stageId, req.body) }),
    );
    app.delete(
      '/api/pipelines/:id/stages/:stageId',
      {
        schema: {
          tags,
          summary: 'Removes the stage; its deals move to move_to (required when it holds any: 409 says how many)',
          params: ZStageParams,
          querystring: ZStageDeleteQuery,
          response: { 200: ZStageDeleteResponse, ...errors },
        },
      },
      (req) => service.removeStage(requireCaller(req), req.params.id, req.params.stageId, req.query.move_to),
    );
    app.put(
      '/api/pipelines/:id/stage-order',
      { schema: { tags, params: ZPipelineParams, body: ZStageOrder, response: { 200: ZPipelineResponse, ...errors } } },
      async (req) => ({ data: await service.reorder(requireCaller(req), req.params.id, req.body.stage_ids) }),
    );
  };
}
