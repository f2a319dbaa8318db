/** Who makes a CRM write: a user of the workspace, or the system (`id` null), e.g. a sync. */
export type CrmActor = { id: string | null; organizationId: string };

/** The column names a write sets, in the order given, for the change record. */
export const columnNames = <K extends string>(fields: Partial<Record<K, unknown>>, column: Record<K, string>): string[] =>
  (Object.keys(fields) as K[]).filter((k) => fields[k] !== undefined).map((k) => column[k]);
