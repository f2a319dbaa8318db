import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HUBSPOT_PIPELINES_MESSAGE, type TPipelineSettings, type TPipelinesList } from '@pipewise/contract/pipelines';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const stage = (id: string, label: string, probability: number, kind: 'open' | 'won' | 'lost' = 'open', deals = 0) => ({
  id,
  label,
  probability,
  kind,
  display_order: 0,
  deal_count: deals,
});

function salesPipeline(): TPipelineSettings {
  return {
    id: 'p1',
    label: 'Sales Pipeline',
    archived: false,
    external_id: null,
    deal_count: 3,
    open_deal_count: 3,
    stages: [
      stage('s1', 'Appointment Scheduled', 20, 'open', 3),
      stage('s2', 'Qualified To Buy', 40),
      stage('s3', 'Closed Won', 100, 'won'),
      stage('s4', 'Closed Lost', 0, 'lost'),
    ],
  };
}

const listOf = (data: TPipelineSettings[], overrides: Partial<TPipelinesList> = {}): TPipelinesList => ({
  data,
  source: 'builtin',
  can_manage: true,
  read_only_reason: null,
  ...overrides,
});

async function openPipelines(role: string, list: () => TPipelinesList, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role })),
    'GET /api/pipelines': () => json(list()),
    ...routes,
  });
  renderApp('/dashboard/settings?section=pipelines');
  await screen.findByRole('table', { name: 'Stages of Sales Pipeline' });
  return api;
}

const stageCells = () =>
  within(screen.getByRole('table', { name: 'Stages of Sales Pipeline' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('Settings -> Pipelines', () => {
  it('shows the stages with their probability, kind and deals; a rep reads without any change control', async () => {
    await openPipelines('user', () => listOf([salesPipeline()], { can_manage: false }));
    expect(screen.getByRole('link', { name: 'Pipelines' })).toHaveAttribute('aria-current', 'page');
    expect(stageCells()).toEqual(['Appointment Scheduled', 'Qualified To Buy', 'Closed Won', 'Closed Lost']);
    const first = screen.getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Appointment Scheduled', '20%', 'Open', '3']);
    expect(screen.getByText('Only admins can change pipelines.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move .* up/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New pipeline name')).not.toBeInTheDocument();
  });

  it("on a HubSpot workspace says they are HubSpot's and where to change them", async () => {
    await openPipelines('admin', () =>
      listOf([{ ...salesPipeline(), external_id: 'default' }], {
        source: 'hubspot',
        can_manage: false,
        read_only_reason: HUBSPOT_PIPELINES_MESSAGE,
      }),
    );
    expect(screen.getByRole('note')).toHaveTextContent('in HubSpot: Settings > Objects > Deals > Pipelines');
    expect(screen.queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
  });

  it('moves a stage down with a button and sends the whole new order', async () => {
    let pipeline = salesPipeline();
    const api = await openPipelines('admin', () => listOf([pipeline]), {
      'PUT /api/pipelines/p1/stage-order': (body) => {
        const ids = (body as { stage_ids: string[] }).stage_ids;
        pipeline = { ...pipeline, stages: ids.map((id) => pipeline.stages.find((s) => s.id === id)!) };
        return json({ data: pipeline });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move Appointment Scheduled down' }));
    await waitFor(() => expect(stageCells()[0]).toBe('Qualified To Buy'));
    expect(callsTo(api, 'PUT', '/api/pipelines/p1/stage-order')[0]!.body).toEqual({ stage_ids: ['s2', 's1', 's3', 's4'] });
    expect(screen.getByRole('button', { name: 'Move Qualified To Buy up' })).toBeDisabled();
  });

  it('asks where the deals of a removed stage go, and sends that stage', async () => {
    let pipeline = salesPipeline();
    const api = await openPipelines('admin', () => listOf([pipeline]), {
      'DELETE /api/pipelines/p1/stages/s1': (_body, url) => {
        const to = url.searchParams.get('move_to');
        pipeline = {
          ...pipeline,
          stages: pipeline.stages.filter((s) => s.id !== 's1').map((s) => (s.id === to ? { ...s, deal_count: 3 } : s)),
        };
        return json({ data: pipeline, moved_deals: 3 });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Appointment Scheduled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Appointment Scheduled?' });
    expect(dialog).toHaveTextContent('Appointment Scheduled holds 3 deals. Choose the stage of Sales Pipeline they move to.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove stage' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose the stage its deals move to.');
    expect(callsTo(api, 'DELETE', '/api/pipelines/p1/stages/s1')).toHaveLength(0);

    const select = within(dialog).getByLabelText('Move its deals to');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a stage', 'Qualified To Buy', 'Closed Won', 'Closed Lost']);
    fireEvent.change(select, { target: { value: 's2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove stage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.mock.calls.some(([u, init]) => init?.method === 'DELETE' && String(u).endsWith('/stages/s1?move_to=s2'))).toBe(true);
    await waitFor(() => expect(stageCells()).toEqual(['Qualified To Buy', 'Closed Won', 'Closed Lost']));
  });

  it("edits a stage's name, probability and kind, and shows the server's refusal", async () => {
    const pipeline = salesPipeline();
    const api = await openPipelines('admin', () => listOf([pipeline]), {
      'PATCH /api/pipelines/p1/stages/s2': () => json({ detail: 'Another stage of this pipeline already has this name.' }, 409),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Qualified To Buy' }));
    const name = screen.getByLabelText('Stage name');
    expect(name).toHaveFocus();
    const row = within(name.closest('tr')!);
    fireEvent.change(name, { target: { value: 'Closed Won' } });
    fireEvent.change(row.getByLabelText('Probability (%)'), { target: { value: '101' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Probability must be a whole number from 0 to 100');
    fireEvent.change(row.getByLabelText('Probability (%)'), { target: { value: '55' } });
    fireEvent.change(row.getByLabelText('Kind'), { target: { value: 'lost' } });
    fireEvent.click(row.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Another stage of this pipeline already has this name.'));
    expect(callsTo(api, 'PATCH', '/api/pipelines/p1/stages/s2')[0]!.body).toEqual({ label: 'Closed Won', probability: 55, kind: 'lost' });
  });

  it('creates a pipeline and refuses archiving one with open deals with the reason', async () => {
    const pipelines = [salesPipeline()];
    const api = await openPipelines('admin', () => listOf(pipelines), {
      'POST /api/pipelines': (body) => {
        const created = { ...salesPipeline(), id: 'p2', label: (body as { label: string }).label, deal_count: 0, open_deal_count: 0 };
        pipelines.push(created);
        return json({ data: created }, 201);
      },
      'PATCH /api/pipelines/p1': () =>
        json({ detail: 'This pipeline holds 3 open deals. Close or move them before archiving the pipeline.' }, 409),
    });
    fireEvent.change(screen.getByLabelText('New pipeline name'), { target: { value: '  Renewals ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create pipeline' }));
    expect(await screen.findByRole('table', { name: 'Stages of Renewals' })).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/pipelines')[0]!.body).toEqual({ label: 'Renewals' });

    fireEvent.click(screen.getByRole('button', { name: 'Archive pipeline Sales Pipeline' }));
    expect(
      await screen.findByText('This pipeline holds 3 open deals. Close or move them before archiving the pipeline.'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the pipelines fail to load', async () => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture({ role: 'admin' })),
      'GET /api/pipelines': () => json({ detail: 'boom' }, 500),
    });
    renderApp('/dashboard/settings?section=pipelines');
    expect(await screen.findByText('Failed to load pipelines', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
