/** Who makes a CRM write: a user of the workspace, or the system (`id` null), e.g. a sync. */
export type CrmActor = { id: string | null; organizationId: string };

/** The column names a write sets, in the order given, for the change record (`columns`: the table's, by key). */
export const columnNames = <K extends string>(fields: Partial<Record<K, unknown>>, columns: Record<K, { name: string }>): string[] =>
  (Object.keys(fields) as K[]).filter((k) => fields[k] !== undefined).map((k) => columns[k].name);
