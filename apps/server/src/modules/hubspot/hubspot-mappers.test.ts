import { describe, expect, it } from 'vitest';
import { ZHsOwnersPage, ZHsPage, ZHsPipelines, type THsObject } from '../../adapters/hubspot/hubspot-schemas';
import { amountOf, closeDateOf, mapCompany, mapContact, mapDeal, mapOwner, mapPipeline, mapProperty } from './hubspot-mappers';

const record = (id: string, properties: Record<string, string | null>): THsObject => ({ id, properties });

describe('HubSpot values to CRM rows', () => {
  it.each([
    ['1500', '1500.00'],
    ['1500.5', '1500.50'],
    ['1,250,000', '1250000.00'],
    ['-20', '-20.00'],
    ['', null],
    ['abc', null],
    ['1e5', null],
    [null, null],
  ])('amount %j is %j', (value, expected) => expect(amountOf(value)).toBe(expected));

  it.each([
    ['2026-05-01T00:00:00Z', '2026-05-01'],
    ['2026-05-01T23:30:00.000Z', '2026-05-01'],
    ['1777593600000', '2026-05-01'],
    ['not a date', null],
    [null, null],
  ])('close date %j is %j', (value, expected) => expect(closeDateOf(value)).toBe(expected));

  it.each([
    [
      {
        dealname: 'Big one',
        amount: '10',
        closedate: '2026-02-03T00:00:00Z',
        pipeline: 'default',
        dealstage: 'won',
        hubspot_owner_id: '9',
      },
      {
        dealname: 'Big one',
        amount: '10.00',
        closedate: '2026-02-03',
        pipelineExternalId: 'default',
        stageExternalId: 'won',
        ownerExternalId: '9',
      },
    ],
    [
      { dealname: '  ', amount: null },
      { dealname: 'Deal 7', amount: null, closedate: null, ownerExternalId: null },
    ],
    [{ hs_next_step: ' Call back ' }, { nextsteps: 'Call back' }],
  ])('deal %j', (properties, expected) => expect(mapDeal(record('7', properties))).toMatchObject(expected));

  it.each([
    [
      { name: 'Acme', domain: 'ACME.example' },
      { name: 'Acme', domain: 'acme.example' },
    ],
    [{ domain: 'nameless.example' }, { name: 'nameless.example', domain: 'nameless.example' }],
    [{}, { name: 'Company 5', domain: null, industry: null, city: null, phone: null }],
    [
      { name: 'Globex', phone: ' +1 555 0100 ' },
      { name: 'Globex', phone: '+1 555 0100' },
    ],
  ])('company %j', (properties, expected) => expect(mapCompany(record('5', properties))).toMatchObject(expected));

  it.each([
    [
      { firstname: 'Ana', lastname: 'Lima', email: 'Ana@X.example' },
      { firstname: 'Ana', lastname: 'Lima', email: 'ana@x.example' },
    ],
    [{ email: 'solo@x.example' }, { firstname: 'solo@x.example', lastname: '' }],
    [{}, { firstname: 'Contact 3', lastname: '', email: null }],
  ])('contact %j', (properties, expected) => expect(mapContact(record('3', properties))).toMatchObject(expected));

  it.each([
    [
      { id: '1', email: 'A@B.example', firstName: 'Ann', lastName: 'Bee' },
      { name: 'Ann Bee', email: 'a@b.example' },
    ],
    [{ id: '2', email: 'only@b.example' }, { name: 'only@b.example' }],
    [{ id: '3' }, { name: 'HubSpot owner 3', email: null }],
  ])('owner %j', (owner, expected) => expect(mapOwner(owner)).toMatchObject(expected));

  it('reads owners whose name, email or login HubSpot sends as null, and stages without metadata', () => {
    const owners = ZHsOwnersPage.parse({ results: [{ id: '4', email: null, firstName: null, lastName: 'Rao', userId: null }] });
    expect(mapOwner(owners.results[0]!)).toEqual({ externalId: '4', name: 'Rao', email: null, externalUserId: null });
    const pipelines = ZHsPipelines.parse({
      results: [{ id: 'p', label: 'Sales', displayOrder: 0, stages: [{ id: 's', label: 'New', displayOrder: 0 }] }],
    });
    expect(mapPipeline(pipelines.results[0]!).stages).toEqual([
      { externalId: 's', label: 'New', displayOrder: 0, probability: null, isClosed: false, isWon: false },
    ]);
  });

  it('reads an id, a cursor or a value sent as a number or a boolean as its text', () => {
    const page = ZHsPage.parse({
      results: [{ id: 12, properties: { dealname: 'Orion', amount: 5000.5, hs_is_closed: false, closedate: null } }],
      paging: { next: { after: 100 } },
    });
    expect(page.paging?.next?.after).toBe('100');
    expect(mapDeal(page.results[0]!)).toMatchObject({ externalId: '12', dealname: 'Orion', amount: '5000.50', closedate: null });
  });

  it('a pipeline keeps labels and order; closed stages with probability 1 are won; archived stages are left out', () => {
    const pipeline = mapPipeline({
      id: 'default',
      label: 'Sales',
      displayOrder: 0,
      stages: [
        { id: 'a', label: 'Open', displayOrder: 0, metadata: { probability: '0.25', isClosed: 'false' } },
        { id: 'w', label: 'Won', displayOrder: 1, metadata: { probability: '1.0', isClosed: 'true' } },
        { id: 'l', label: 'Lost', displayOrder: 2, metadata: { probability: '0.0', isClosed: 'true' } },
        { id: 'x', label: 'Old', displayOrder: 3, archived: true, metadata: {} },
      ],
    });
    expect(pipeline.stages).toEqual([
      { externalId: 'a', label: 'Open', displayOrder: 0, probability: 25, isClosed: false, isWon: false },
      { externalId: 'w', label: 'Won', displayOrder: 1, probability: 100, isClosed: true, isWon: true },
      { externalId: 'l', label: 'Lost', displayOrder: 2, probability: 0, isClosed: true, isWon: false },
    ]);
  });

  it('a property definition as auth/fields answers it', () => {
    expect(
      mapProperty({
        name: 'dealstage',
        label: 'Deal Stage',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'dealinformation',
        description: ' ',
        options: [{ label: 'Won', value: 'closedwon' }],
        modificationMetadata: { readOnlyValue: false },
      }),
    ).toEqual({
      name: 'dealstage',
      label: 'Deal Stage',
      type: 'enumeration',
      field_type: 'select',
      group_name: 'dealinformation',
      description: null,
      options: [{ label: 'Won', value: 'closedwon' }],
      read_only: false,
    });
  });
});
