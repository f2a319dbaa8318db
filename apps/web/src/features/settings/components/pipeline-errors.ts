import { isApiError } from '../../../lib/http';

export const PIPELINE_CHANGE_FAILED = 'Failed to save the pipeline. Please try again.';

/** The server's reason (a taken name, a stage that holds deals, HubSpot's pipelines) as it is; else a retry text. */
export function pipelineErrorMessage(error: unknown): string {
  if (isApiError(error, 400) && error.fieldErrors.length > 0) return error.fieldErrors[0]!.message;
  return (isApiError(error) && error.detail) || PIPELINE_CHANGE_FAILED;
}
