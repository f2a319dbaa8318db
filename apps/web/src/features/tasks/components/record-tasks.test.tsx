import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderWithQueries } from '../../../../test/calls-kit';
import { RecordTasks } from './record-tasks';
import { taskFixture } from './todays-todos.test';

const page = (tasks: ReturnType<typeof taskFixture>[]) => ({ tasks, total: tasks.length, page: 1, page_size: 100 });

describe("A record's tasks", () => {
  it("lists the deal's tasks, open and done, with who they are for, and says when there are none", async () => {
    const api = fakeApi({
      'GET /api/tasks': (_b, url) =>
        json(
          url.searchParams.get('record_id') === '10001'
            ? page([
                taskFixture({ id: 'a', title: 'Send the proposal', assignee: { id: 'u2', name: 'Rahul Verma' } }),
                taskFixture({ id: 'b', title: 'Intro call', status: 'done', due_today: false }),
              ])
            : page([]),
        ),
    });
    const { unmount } = renderWithQueries(<RecordTasks recordType="deal" recordId="10001" />);
    const list = await screen.findByRole('list', { name: 'Tasks' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Send the proposal');
    expect(items[0]).toHaveTextContent('Rahul Verma');
    expect(within(items[1]!).getByRole('checkbox', { name: 'Mark "Intro call" as not done' })).toBeChecked();
    const url = new URL(String(api.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ record_type: 'deal', record_id: '10001', status: 'all' });
    unmount();

    renderWithQueries(<RecordTasks recordType="company" recordId="c-1" />);
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
  });

  it('adds a task about the record and ticks one done', async () => {
    let created: unknown;
    let patched: unknown;
    fakeApi({
      'GET /api/tasks': () => json(page(created ? [taskFixture({ id: 'n', title: 'Chase the PO' })] : [])),
      'POST /api/tasks': (body) => {
        created = body;
        return json(taskFixture({ id: 'n', title: 'Chase the PO' }), 201);
      },
      'PATCH /api/tasks/n': (body) => {
        patched = body;
        return json(taskFixture({ id: 'n', title: 'Chase the PO', status: 'done' }));
      },
    });
    renderWithQueries(<RecordTasks recordType="deal" recordId="10001" />);
    await screen.findByText('No tasks yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add task' }));
    const form = screen.getByRole('form', { name: 'Add a to-do' });
    expect(within(form).queryByLabelText('Deal, company or contact (optional)')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Title'), 'Chase the PO');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(created).toEqual({ title: 'Chase the PO', due_date: null, due_time: null, record_type: 'deal', record_id: '10001' }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Mark "Chase the PO" as done' }));
    await waitFor(() => expect(patched).toEqual({ status: 'done' }));
  });

  it('lets a manager give the task to someone below them, and keeps it theirs by default', async () => {
    let created: unknown;
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture({ id: 'u-vikram', name: 'Vikram Shah', email: 'vikram@acme.test' })),
      'GET /api/deal/owners': () =>
        json({
          data: [
            {
              id: 'u-vikram',
              hubspot_user_id: 'u-vikram',
              name: 'Vikram Shah',
              firstname: 'Vikram',
              lastname: 'Shah',
              email: 'vikram@acme.test',
            },
            {
              id: 'u-rahul',
              hubspot_user_id: 'u-rahul',
              name: 'Rahul Verma',
              firstname: 'Rahul',
              lastname: 'Verma',
              email: 'rahul@acme.test',
            },
          ],
        }),
      'GET /api/tasks': () => json(page([])),
      'POST /api/tasks': (body) => {
        created = body;
        return json(taskFixture({ id: 'n', title: 'Prepare the demo' }), 201);
      },
    });
    renderWithQueries(<RecordTasks recordType="deal" recordId="10001" />);
    await screen.findByText('No tasks yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add task' }));
    const form = screen.getByRole('form', { name: 'Add a to-do' });
    const assignTo = await within(form).findByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(assignTo).toHaveValue('u-vikram'));
    await userEvent.selectOptions(assignTo, 'Rahul Verma');
    await userEvent.type(within(form).getByLabelText('Title'), 'Prepare the demo');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toMatchObject({ title: 'Prepare the demo', assignee_id: 'u-rahul' }));
  });
});
