import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCompany, TContact } from '@pipewise/contract/companies';
import { companies, contacts } from '../../db/schema';
import type { FakeHubspot } from '../../../test/fakes/hubspot-server';
import { closeHubspotWorkspace, openHubspotWorkspace } from '../../../test/hubspot-fixture';
import type { OtherWorkspace } from '../../../test/other-workspace';
import type { TestSession } from '../../../test/sessions';
import type { TestApp } from '../../../test/test-app';

/**
 * The companies and contacts screens on a workspace bound to a HubSpot portal: a create or an edit
 * goes to HubSpot first (with the writer's login) and the local record keeps HubSpot's id, so the
 * next sync does not add it twice; a delete archives it in HubSpot first, so the next sync does not bring it back.
 */
let hs: FakeHubspot;
let t: TestApp;
let ws: OtherWorkspace;
const s = {} as Record<'admin', TestSession>;

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: s.admin.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ({ hs, t, ws, admin: s.admin } = await openHubspotWorkspace({ companies: 2, contacts: 2, deals: 2 }));
}, 120_000);
afterAll(() => closeHubspotWorkspace({ t, hs }));

describe('companies and contacts screens on a HubSpot workspace', () => {
  it('creates and edits a company in HubSpot first, and keeps its HubSpot id here', async () => {
    const created = await send('POST', '/api/companies', { name: 'Hooli', domain: 'hooli.example', phone: '+1 555 0100' });
    expect(created.statusCode).toBe(201);
    const company = created.json<{ data: TCompany }>().data;
    const [row] = await t.database.db
      .select({ externalId: companies.externalId })
      .from(companies)
      .where(and(eq(companies.organizationId, ws.organizationId), eq(companies.id, company.id)));
    expect(row!.externalId).toBeTruthy();
    expect(hs.objects.companies.get(row!.externalId!)!.properties).toMatchObject({ name: 'Hooli', domain: 'hooli.example' });

    expect((await send('PATCH', `/api/companies/${company.id}`, { city: 'Palo Alto' })).statusCode).toBe(200);
    expect(hs.objects.companies.get(row!.externalId!)!.properties.city).toBe('Palo Alto');
    await t.services.hubspot.sync.sync(ws.organizationId, { full: true });
    const named = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Hooli'));
    expect(named).toHaveLength(1);

    const removed = await send('DELETE', `/api/companies/${company.id}`);
    expect(removed.statusCode).toBe(204);
    expect(hs.objects.companies.get(row!.externalId!)!.archived).toBe(true);
    await t.services.hubspot.sync.sync(ws.organizationId, { full: true });
    expect(await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Hooli'))).toEqual([]);
  });

  it('creates a contact in HubSpot first', async () => {
    const created = await send('POST', '/api/contacts', { firstname: 'Gavin', lastname: 'Belson', email: 'gavin@hooli.example' });
    expect(created.statusCode).toBe(201);
    const contact = created.json<{ data: TContact }>().data;
    const [row] = await t.database.db.select({ externalId: contacts.externalId }).from(contacts).where(eq(contacts.id, contact.id));
    expect(hs.objects.contacts.get(row!.externalId!)!.properties).toMatchObject({ firstname: 'Gavin', email: 'gavin@hooli.example' });

    expect((await send('DELETE', `/api/contacts/${contact.id}`)).statusCode).toBe(204);
    expect(hs.objects.contacts.get(row!.externalId!)!.archived).toBe(true);
    await t.services.hubspot.sync.sync(ws.organizationId, { full: true });
    expect(await t.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contact.id))).toEqual([]);
  });
});
