import { describe, expect, it } from 'vitest';
import { videoFixture } from '../../../../test/video-fixtures';
import { PROCESSING_POLL_MS, pollWhileProcessing } from './poll-while-processing';

const query = (statuses: ('uploaded' | 'processing' | 'ready' | 'failed')[] | undefined) => ({
  state: { data: statuses?.map((status, i) => videoFixture({ id: `v${i}`, status })) },
});

describe('pollWhileProcessing', () => {
  it('polls while a recording is uploaded or processing, and stops once all are settled', () => {
    expect(pollWhileProcessing(query(['ready', 'uploaded']))).toBe(PROCESSING_POLL_MS);
    expect(pollWhileProcessing(query(['processing']))).toBe(PROCESSING_POLL_MS);
    expect(pollWhileProcessing(query(['ready', 'failed']))).toBe(false);
    expect(pollWhileProcessing(query(undefined))).toBe(false);
  });
});
