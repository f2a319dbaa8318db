import { z } from 'zod';

/**
 * Settings > Pipelines (issue 29): the workspace's pipelines and their stages, which everyone reads
 * and admins shape. On a HubSpot workspace they are HubSpot's, read only here.
 */

export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type TStageKind = (typeof STAGE_KINDS)[number];

/** Where a HubSpot workspace changes its pipelines: the text every refused write and the screen show. */
export const HUBSPOT_PIPELINES_MESSAGE =
  'This workspace’s pipelines come from HubSpot. Change them in HubSpot: Settings > Objects > Deals > Pipelines.';

export const PIPELINE_MESSAGES = {
  notFound: 'Pipeline not found',
  stageNotFound: 'Stage not found',
  labelTaken: 'Another pipeline already has this name.',
  stageLabelTaken: 'Another stage of this pipeline already has this name.',
  lastStage: 'A pipeline keeps at least one stage.',
  lastOpenStage: 'A pipeline keeps at least one open stage.',
  badOrder: 'Send every stage of this pipeline exactly once, in the new order.',
  moveToInvalid: 'Choose another stage of this pipeline for its deals.',
  archived: 'This pipeline is archived. Restore it first.',
  lastPipeline: 'A workspace keeps at least one active pipeline.',
  nothingToChange: 'Nothing to change.',
} as const;

/** How many deals a stage still holds, as the 409 of a DELETE without `move_to` says. */
export const stageHoldsDealsMessage = (count: number) =>
  `This stage holds ${count} ${count === 1 ? 'deal' : 'deals'}. Choose the stage they move to.`;

/** Archiving a pipeline whose deals are still open is refused (decision in docs/decisions/0018). */
export const pipelineHoldsOpenDealsMessage = (count: number) =>
  `This pipeline holds ${count} open ${count === 1 ? 'deal' : 'deals'}. ` +
  `Close or move ${count === 1 ? 'it' : 'them'} before archiving the pipeline.`;

const label = (what: string) =>
  z.string(`${what} is required`).trim().min(1, `${what} is required`).max(100, `${what} must be at most 100 characters`);

const probability = z
  .number('Probability must be a whole number from 0 to 100')
  .int('Probability must be a whole number from 0 to 100')
  .min(0, 'Probability must be a whole number from 0 to 100')
  .max(100, 'Probability must be a whole number from 0 to 100');

export const ZPipelineStage = z.object({
  id: z.string(),
  label: z.string(),
  probability: z.number().nullable(),
  kind: z.enum(STAGE_KINDS),
  display_order: z.number(),
  deal_count: z.number(),
});
export type TPipelineStage = z.infer<typeof ZPipelineStage>;

export const ZPipelineSettings = z.object({
  id: z.string(),
  label: z.string(),
  archived: z.boolean(),
  /** Set when the pipeline comes from the connected CRM (HubSpot). */
  external_id: z.string().nullable(),
  deal_count: z.number(),
  open_deal_count: z.number(),
  stages: z.array(ZPipelineStage),
});
export type TPipelineSettings = z.infer<typeof ZPipelineSettings>;

export const ZPipelinesList = z.object({
  data: z.array(ZPipelineSettings),
  /** 'hubspot': read only here, changed in HubSpot (`read_only_reason` says where). */
  source: z.enum(['builtin', 'hubspot']),
  can_manage: z.boolean(),
  read_only_reason: z.string().nullable(),
});
export type TPipelinesList = z.infer<typeof ZPipelinesList>;

export const ZPipelinesListQuery = z.object({
  include_archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const ZNewStage = z.object({
  label: label('Stage name'),
  probability: probability.optional(),
  kind: z.enum(STAGE_KINDS, 'Kind must be open, won or lost').optional(),
});
export type TNewStage = z.infer<typeof ZNewStage>;

export const ZNewPipeline = z.object({
  label: label('Pipeline name'),
  /** Without stages, the pipeline starts with HubSpot's default stages. */
  stages: z.array(ZNewStage).min(1, 'A pipeline keeps at least one stage.').max(50, 'A pipeline has at most 50 stages').optional(),
});
export type TNewPipeline = z.infer<typeof ZNewPipeline>;

export const ZPipelinePatch = z.object({
  label: label('Pipeline name').optional(),
  archived: z.boolean('Archived must be true or false').optional(),
});
export type TPipelinePatch = z.infer<typeof ZPipelinePatch>;

export const ZStagePatch = z.object({
  label: label('Stage name').optional(),
  probability: probability.optional(),
  kind: z.enum(STAGE_KINDS, 'Kind must be open, won or lost').optional(),
});
export type TStagePatch = z.infer<typeof ZStagePatch>;

export const ZPipelineParams = z.object({ id: z.uuid('Pipeline not found') });
export const ZStageParams = z.object({ id: z.uuid('Pipeline not found'), stageId: z.uuid('Stage not found') });

export const ZStageDeleteQuery = z.object({ move_to: z.uuid('Choose another stage of this pipeline for its deals.').optional() });

export const ZStageOrder = z.object({
  stage_ids: z.array(z.uuid('Send every stage of this pipeline exactly once, in the new order.')).min(1).max(200),
});
export type TStageOrder = z.infer<typeof ZStageOrder>;

export const ZPipelineResponse = z.object({ data: ZPipelineSettings });
export type TPipelineResponse = z.infer<typeof ZPipelineResponse>;
export const ZStageDeleteResponse = z.object({ data: ZPipelineSettings, moved_deals: z.number() });
