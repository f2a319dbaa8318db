import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TTask } from '@pipewise/contract/tasks';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { renderWithQueries } from '../../../../test/calls-kit';
import { TodaysTodos } from './todays-todos';

export function taskFixture(overrides: Partial<TTask> = {}): TTask {
  return {
    id: 't1',
    title: 'Send the proposal',
    due_date: '2026-11-23',
    due_time: null,
    time_zone: 'Asia/Kolkata',
    status: 'open',
    overdue: false,
    due_today: true,
    assignee: { id: 'u1', name: 'Asha Rao' },
    created_by: { id: 'u1', name: 'Asha Rao' },
    record: null,
    completed_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const page = (tasks: TTask[]) => ({ tasks, total: tasks.length, page: 1, page_size: 100 });
const FOUR = [
  taskFixture({
    id: 't1',
    title: 'Call Dana',
    due_date: '2026-11-20',
    overdue: true,
    record: { type: 'deal', id: '10001', name: 'Kaveri Foods - Dealer portal' },
  }),
  taskFixture({ id: 't2', title: 'Send the proposal', due_time: '15:00' }),
  taskFixture({ id: 't3', title: 'Review the contract' }),
  taskFixture({ id: 't4', title: 'Book the demo' }),
];

describe("Today's to dos", () => {
  it("shows 'No to-dos' when nothing is due", async () => {
    fakeApi({ 'GET /api/tasks': () => json(page([])) });
    renderWithQueries(<TodaysTodos expanded={false} onExpand={() => {}} />);
    expect(await screen.findByText('No to-dos')).toBeInTheDocument();
  });

  it("collapsed shows two with '+N more to-dos for today', the overdue one marked; expanded shows all", async () => {
    const api = fakeApi({ 'GET /api/tasks': () => json(page(FOUR)) });
    const onExpand = vi.fn();
    const { unmount } = renderWithQueries(<TodaysTodos expanded={false} onExpand={onExpand} />);
    const list = await screen.findByRole('list', { name: "Today's to-dos" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const overdue = within(list).getAllByRole('listitem')[0]!;
    expect(overdue).toHaveTextContent('Call Dana');
    expect(overdue).toHaveTextContent('Overdue');
    expect(overdue).toHaveTextContent('Kaveri Foods - Dealer portal');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Today, 3:00 PM');
    fireEvent.click(screen.getByRole('button', { name: '+2 more to-dos for today' }));
    expect(onExpand).toHaveBeenCalled();
    const url = new URL(String(api.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('due')).toBe('today');
    expect(new Headers(callsTo(api, 'GET', '/api/tasks')[0]?.init?.headers).get('X-Timezone')).toBeTruthy();
    unmount();

    renderWithQueries(<TodaysTodos expanded onExpand={onExpand} />);
    expect(within(await screen.findByRole('list', { name: "Today's to-dos" })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /more to-dos for today/ })).not.toBeInTheDocument();
  });

  it('a tick takes the to-do off the list at once and saves it done', async () => {
    let saved: unknown;
    const api = fakeApi({
      'GET /api/tasks': () => json(page(saved ? FOUR.slice(1) : FOUR)),
      'PATCH /api/tasks/t1': (body) => {
        saved = body;
        return json({ ...FOUR[0]!, status: 'done', overdue: false, completed_at: '2026-11-23T06:00:00.000Z' });
      },
    });
    renderWithQueries(<TodaysTodos expanded={false} onExpand={() => {}} />);
    await screen.findByRole('list', { name: "Today's to-dos" });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mark "Call Dana" as done' }));
    expect(screen.queryByText('Call Dana')).not.toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual({ status: 'done' }));
    expect(callsTo(api, 'PATCH', '/api/tasks/t1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '+1 more to-dos for today' })).toBeInTheDocument();
  });

  it('puts the to-do back when the save is refused', async () => {
    fakeApi({
      'GET /api/tasks': () => json(page(FOUR)),
      'PATCH /api/tasks/t1': () => json({ detail: 'Task not found' }, 404),
    });
    renderWithQueries(<TodaysTodos expanded={false} onExpand={() => {}} />);
    await screen.findByRole('list', { name: "Today's to-dos" });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mark "Call Dana" as done' }));
    expect(await screen.findByText('Call Dana')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mark "Call Dana" as done' })).not.toBeChecked();
  });

  it('adds a to-do with a title, due date and time', async () => {
    let created: unknown;
    fakeApi({
      'GET /api/tasks': () => json(page(created ? [taskFixture({ id: 'new', title: 'Call Dana tomorrow' })] : [])),
      'POST /api/tasks': (body) => {
        created = body;
        return json(taskFixture({ id: 'new', title: 'Call Dana tomorrow' }), 201);
      },
    });
    renderWithQueries(<TodaysTodos expanded={false} onExpand={() => {}} />);
    await screen.findByText('No to-dos');
    await userEvent.click(screen.getByRole('button', { name: 'Add a to-do' }));
    const form = screen.getByRole('form', { name: 'Add a to-do' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the to-do a title.');
    await userEvent.type(within(form).getByLabelText('Title'), 'Call Dana tomorrow');
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: '2026-11-24' } });
    fireEvent.change(within(form).getByLabelText('Due time'), { target: { value: '15:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual({ title: 'Call Dana tomorrow', due_date: '2026-11-24', due_time: '15:00' }));
    expect(await screen.findByText('Call Dana tomorrow')).toBeInTheDocument();
  });

  it('says so when the to-dos fail to load', async () => {
    fakeApi({ 'GET /api/tasks': () => json({ detail: 'boom' }, 500) });
    renderWithQueries(<TodaysTodos expanded={false} onExpand={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load to-dos');
  });
});
