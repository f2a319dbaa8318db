import type { TChatSource, TPendingOperation, TProcessCommandResponse, TRecordView } from '@pipewise/contract/assistant';

/** Answers shaped as the contract says, for the assistant's component tests. */

export const PENDING_ID = '0b7f7d7e-8a56-4b8e-9d1c-1f2e3d4c5b6a';

export function pendingOperation(overrides: Partial<TPendingOperation> = {}): TPendingOperation {
  return {
    id: PENDING_ID,
    operation: 'create',
    object_type: 'deal',
    identifier: 'Acme Renewal',
    record_id: null,
    changes: [
      { property: 'dealname', label: 'Deal name', value: 'Acme Renewal' },
      { property: 'amount', label: 'Amount', value: '₹50,000' },
    ],
    expires_at: '2026-11-23T12:10:00.000Z',
    ...overrides,
  };
}

export function record(
  id: string,
  properties: Record<string, string | null>,
  objectType: TRecordView['object_type'] = 'deal',
): TRecordView {
  return { id, object_type: objectType, properties, url: `/dashboard/deals/${id}` };
}

export function commandAnswer(
  status: TProcessCommandResponse['status'],
  message: string,
  data: Partial<TProcessCommandResponse['data']> = {},
): TProcessCommandResponse {
  return {
    status,
    message,
    data: {
      parsed_command: { operation: 'create', object_type: 'deal', identifier: 'Acme Renewal', properties: {} },
      pending_operation: null,
      results: [],
      problems: [],
      ...data,
    },
  };
}

export const DEAL_SOURCE: TChatSource = { type: 'deal', id: '42', label: 'Acme Renewal', url: '/dashboard/deals/42' };
export const MEETING_SOURCE: TChatSource = { type: 'meeting', id: 'm1', label: 'Pricing review', url: '/dashboard/meeting/m1' };

export function panelAnswer(
  message: string,
  extra: { sources?: TChatSource[]; results?: TRecordView[]; command?: TProcessCommandResponse; model?: boolean } = {},
) {
  return {
    data: {
      message,
      sources: extra.sources ?? [],
      results: extra.results ?? [],
      model: extra.model ?? false,
      note: null,
      command: extra.command ?? null,
    },
  };
}
