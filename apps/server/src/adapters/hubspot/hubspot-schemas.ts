import { z } from 'zod';

/** The 2026-03 token endpoint's answer (code and refresh grants). */
export const ZHsTokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().int().positive(),
  token_type: z.string().optional(),
  hub_id: z.number().int().optional(),
  scopes: z.array(z.string()).optional(),
});

/** The 2026-03 introspection answer: whose token (portal, user) and whether it is still active. */
export const ZHsIntrospection = z.looseObject({
  active: z.boolean(),
  hub_id: z.number().int().optional(),
  user_id: z.number().int().optional(),
  user: z.string().optional(),
  scopes: z.array(z.string()).optional(),
});

/** An OAuth error body (`invalid_grant` means the refresh token is no longer accepted). */
export const ZHsOAuthError = z.looseObject({
  error: z.string().optional(),
  status: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
});

/** A CRM record as the SDK returns it (dates already parsed by its serializer). */
/** HubSpot's ids and property values are strings; a number or a boolean in their place is read as its text. */
const ZHsId = z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]);
const ZHsValue = z.union([z.string(), z.number().transform(String), z.boolean().transform(String)]);

export const ZHsObject = z.object({
  id: ZHsId,
  properties: z.record(z.string(), ZHsValue.nullable().optional()),
  archived: z.boolean().optional(),
  updatedAt: z.coerce.date().optional(),
});
export type THsObject = z.infer<typeof ZHsObject>;

export const ZHsPage = z.object({
  results: z.array(ZHsObject),
  paging: z.object({ next: z.object({ after: ZHsId }).optional() }).optional(),
});
export const ZHsSearchPage = ZHsPage.extend({ total: z.number().int().nonnegative() });
export const ZHsBatch = z.object({ results: z.array(ZHsObject) });

export const ZHsPipeline = z.object({
  id: z.string(),
  label: z.string(),
  displayOrder: z.number().int(),
  archived: z.boolean().optional(),
  stages: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      displayOrder: z.number().int(),
      archived: z.boolean().optional(),
      // Portals and older stages may leave it out: a stage without it is open, with no probability.
      metadata: z.record(z.string(), z.string().nullable().optional()).default({}),
    }),
  ),
});
export type THsPipeline = z.infer<typeof ZHsPipeline>;
export const ZHsPipelines = z.object({ results: z.array(ZHsPipeline) });

export const ZHsOwner = z.object({
  id: z.string(),
  // Null for an owner without a name or a login.
  email: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  userId: z.number().int().nullish(),
  archived: z.boolean().optional(),
});
export type THsOwner = z.infer<typeof ZHsOwner>;
export const ZHsOwnersPage = z.object({
  results: z.array(ZHsOwner),
  paging: z.object({ next: z.object({ after: ZHsId }).optional() }).optional(),
});

export const ZHsProperty = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  fieldType: z.string(),
  groupName: z.string().optional(),
  description: z.string().optional(),
  options: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  modificationMetadata: z.object({ readOnlyValue: z.boolean() }).optional(),
  hidden: z.boolean().optional(),
});
export type THsProperty = z.infer<typeof ZHsProperty>;
export const ZHsProperties = z.object({ results: z.array(ZHsProperty) });

/** v4 associations batch read: for each input id, the associated records' ids. */
export const ZHsAssociations = z.object({
  results: z.array(
    z.object({ _from: z.object({ id: z.string() }), to: z.array(z.object({ toObjectId: z.union([z.string(), z.number()]) })) }),
  ),
});

/** The v4 default-association answer (what was linked is not read back). */
export const ZHsAssociationResult = z.looseObject({ status: z.string() });
/** An answer without a body (204), such as a removed association. */
export const ZHsNoContent = z.unknown();
