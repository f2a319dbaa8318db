import type { TSyncProgress } from '@pipewise/contract/integrations';
import { SYNC_PHASES } from '@pipewise/contract/integrations';
import type { WorkspaceIntegrationRow } from './hubspot-connections-repo';

/** The card's view of a workspace's sync row: counts, a percent, and the end state in words. */
export function syncProgressOf(row: WorkspaceIntegrationRow | undefined): TSyncProgress {
  if (!row) return { state: 'idle', phase: null, done: 0, total: 0, percent: 0, message: null };
  const state = row.syncState as TSyncProgress['state'];
  const phase = (SYNC_PHASES as readonly string[]).includes(row.phase ?? '') ? (row.phase as TSyncProgress['phase']) : null;
  const percent = state === 'done' ? 100 : row.total > 0 ? Math.min(99, Math.floor((row.done / row.total) * 100)) : 0;
  return { state, phase, done: row.done, total: row.total, percent, message: row.message };
}
