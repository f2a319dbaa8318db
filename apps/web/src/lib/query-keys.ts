/**
 * Query keys more than one feature touches. Every deals query key starts with DEALS_QUERY_KEY, so
 * Refresh Data reloads them all at once, and a change of the pipelines (Settings > Pipelines)
 * reloads the deal screens' stages, filters and totals with them.
 */
export const DEALS_QUERY_KEY = ['deals'] as const;

/** The upload dialog's pipeline choices (under the videos root, so an upload's refresh reaches it too). */
export const UPLOAD_PIPELINES_QUERY_KEY = ['videos', 'pipelines'] as const;

/** Every query that holds the workspace's pipelines: what a change in Settings > Pipelines reloads. */
export const PIPELINE_HOLDING_QUERY_KEYS = [DEALS_QUERY_KEY, UPLOAD_PIPELINES_QUERY_KEY] as const;

/** Every record's activity timeline (features/activity): reloaded after any write (lib/query-client.ts). */
export const RECORD_TIMELINE_QUERY_KEY = ['activity'] as const;
