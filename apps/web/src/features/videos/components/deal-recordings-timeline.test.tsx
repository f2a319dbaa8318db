import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';
import { timelineDate, timelineTime } from '../utils/video-format';
import { DealRecordingsTimeline } from './deal-recordings-timeline';

const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

describe('timeline formatting', () => {
  it('writes dates as MM/DD/YYYY and times on the 12-hour clock', () => {
    expect(timelineDate(at(2026, 3, 5, 15, 5))).toBe('03/05/2026');
    expect(timelineTime(at(2026, 3, 5, 15, 5))).toBe('3:05 PM');
    expect(timelineTime(at(2026, 3, 5, 0, 30))).toBe('12:30 AM');
    expect(timelineTime(at(2026, 3, 5, 12, 0))).toBe('12:00 PM');
    expect(timelineDate('nonsense')).toBe('');
  });
});

describe('Deal recordings timeline', () => {
  it("shows 'Loading...', then the deal's recordings alternating left and right with icon, date, time, title and description", async () => {
    fakeApi({
      'GET /api/videos/get-video-by-dealId/101': () =>
        json({
          data: [
            videoFixture({
              id: 'a',
              type: 'call',
              title: 'Pricing call',
              upload_date: at(2026, 3, 5, 15, 5),
              description: 'Walked through pricing',
            }),
            videoFixture({
              id: 'b',
              type: 'email',
              title: 'Proposal sent',
              upload_date: at(2026, 3, 6, 9, 0),
              description: null,
              summary: null,
            }),
            videoFixture({ id: 'c', type: 'video', title: '', upload_date: at(2026, 3, 7, 18, 45) }),
          ],
        }),
    });
    renderScreen('/dashboard/deals/:id', <DealRecordingsTimeline />, '/dashboard/deals/101');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const timeline = await screen.findByRole('list');
    const events = within(timeline).getAllByRole('listitem');
    expect(events.map((e) => e.className)).toEqual([
      'timeline-event timeline-left',
      'timeline-event timeline-right',
      'timeline-event timeline-left',
    ]);
    expect(within(events[0]!).getByRole('img', { name: 'Call' })).toBeInTheDocument();
    expect(events[0]).toHaveTextContent('03/05/2026 3:05 PMPricing callWalked through pricing');
    expect(within(events[1]!).getByRole('img', { name: 'Email' })).toBeInTheDocument();
    expect(events[1]).toHaveTextContent('03/06/2026 9:00 AMProposal sent');
    expect(within(events[2]!).getByRole('img', { name: 'Video' })).toBeInTheDocument();
    expect(events[2]).toHaveTextContent('03/07/2026 6:45 PMUntitled Video');
  });

  it("says 'No Events Found' when the deal has none, or the list cannot be loaded", async () => {
    fakeApi({ 'GET /api/videos/get-video-by-dealId/101': () => json({ data: [] }) });
    const view = renderScreen('/dashboard/deals/:id', <DealRecordingsTimeline />, '/dashboard/deals/101');
    expect(await screen.findByText('No Events Found')).toBeInTheDocument();
    view.unmount();
    fakeApi({});
    renderScreen('/dashboard/deals/:id', <DealRecordingsTimeline />, '/dashboard/deals/102');
    expect(await screen.findByText('No Events Found')).toBeInTheDocument();
  });
});
