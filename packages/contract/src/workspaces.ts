import { z } from 'zod';
import { ZRegistrationRequest } from './registrations';

/** A sign-up request from a domain no workspace holds, as an operator sees it. */
export const ZWorkspaceRequest = ZRegistrationRequest.extend({
  domain: z.string(),
  /** The name the new workspace gets on approval (the request names no company). */
  workspace_name: z.string(),
});
export type TWorkspaceRequest = z.infer<typeof ZWorkspaceRequest>;
export const ZWorkspaceRequestList = z.object({ data: z.array(ZWorkspaceRequest) });

export const ZWorkspaceApproved = z.object({
  status: z.literal('approved'),
  workspace: z.object({ name: z.string(), domain: z.string(), admin_email: z.string() }),
});
export type TWorkspaceApproved = z.infer<typeof ZWorkspaceApproved>;
export const ZWorkspaceRejected = z.object({ status: z.literal('rejected') });
