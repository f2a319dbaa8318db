import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../src/lib/query-client';
import { meetingFixture } from './call-fixtures';

/** Renders a calls component with a fresh query cache. */
export function renderWithQueries(element: ReactElement) {
  return render(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>);
}

/** Freezes the clock (only Date: react-query and waitFor keep their real timers) at a local time. */
export function freezeNow(now: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now });
}

/** Local wall-clock times on the frozen day, 23 Nov 2026, whatever the machine's zone. */
export const local = (hours: number, minutes = 0, dayOffset = 0) => new Date(2026, 10, 23 + dayOffset, hours, minutes).toISOString();

const person = (email: string) => ({ email, responseStatus: 'accepted' as const });

/** The caller's week: an ended call today, two later today (one untitled, without a link), one tomorrow. */
export const YOUR_MEETINGS = [
  meetingFixture({ id: 'tomorrow', summary: 'Renewal call', start_time: local(11, 0, 1), end_time: local(11, 30, 1) }),
  meetingFixture({
    id: 'pricing',
    summary: 'Pricing review',
    start_time: local(9, 30),
    end_time: local(10, 0),
    attendees: [person('asha@acme.example'), person('neha@kaveri.example'), person('ravi@kaveri.example')],
    deal_name: 'Kaveri Foods - Dealer portal',
    is_team: false,
  }),
  meetingFixture({ id: 'untitled', summary: null, start_time: local(15, 0), end_time: local(15, 30), meet_link: null }),
  meetingFixture({
    id: 'demo',
    summary: 'Product demo',
    start_time: local(13, 0),
    end_time: local(14, 0),
    meet_link: 'https://meet.example/demo',
  }),
];

/** The team's calls: one flagged, one with four attendees and no flag, one two-person call that is not a team call. */
export const TEAM_MEETINGS = [
  meetingFixture({
    id: 'standup',
    summary: 'Team standup',
    start_time: local(10, 0),
    end_time: local(10, 15),
    is_team: true,
    owner_email: 'ravi@acme.example',
  }),
  meetingFixture({
    id: 'qbr',
    summary: 'Quarterly review',
    start_time: local(16, 0),
    end_time: local(17, 0),
    attendees: ['a', 'b', 'c', 'd'].map((n) => person(`${n}@acme.example`)),
  }),
  meetingFixture({ id: 'one-on-one', summary: 'One on one', start_time: local(12, 0), end_time: local(12, 30) }),
];
