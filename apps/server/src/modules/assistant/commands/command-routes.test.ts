import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TProcessCommandResponse } from '@pipewise/contract/assistant';
import { execute } from '../../../db/client';
import { createOtherWorkspace, type OtherWorkspace } from '../../../../test/other-workspace';
import { signInAll, type TestSession } from '../../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../../test/test-app';
import { WRITE_THROUGH_MESSAGES } from '../../hubspot/hubspot-write-through';

/** The assistant's commands over the API: reading never writes; a yes writes once, as the asker, if still allowed. */

/**
 * The server's clock: 23:59:55 on 31 December in Kiritimati (UTC+14), 22:59:55 on 30 December in Pago Pago
 * (UTC-11). 'tomorrow' is read five seconds before a midnight, the year's, and never against the real day.
 */
const NOW = new Date('2026-12-31T09:59:55Z');
let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'asha', TestSession>;
let other: OtherWorkspace;
let otherAdmin: TestSession;

const command = (who: TestSession, text: string, extra = '') =>
  t.app.inject({ method: 'POST', url: `/api/command/process-command?command=${encodeURIComponent(text)}${extra}`, headers: who.headers });
const post = (who: TestSession, action: 'confirm' | 'cancel', id: string) =>
  t.app.inject({ method: 'POST', url: `/api/command/${action}`, headers: who.headers, payload: { pending_operation_id: id } });
const answer = (res: { json: () => unknown }) => res.json() as TProcessCommandResponse & { detail?: string };
const pendingId = (res: { json: () => unknown }) => answer(res).data.pending_operation!.id;

/** Rows of every CRM table and the change outbox: a read must leave them all as they were. */
async function crmCounts() {
  const [row] = await execute<Record<string, number>>(
    t.database.db,
    sql`
    select (select count(*)::int from deals) as deals, (select count(*)::int from companies) as companies,
           (select count(*)::int from contacts) as contacts, (select count(*)::int from crm_changes) as changes`,
  );
  return row!;
}
const dealNamed = async (name: string) =>
  (
    await execute<{ id: string; amount: string | null; owner_id: string | null; version: number }>(
      t.database.db,
      sql`select id, amount, owner_id, version from deals where dealname = ${name}`,
    )
  )[0];

/** A deal made by a confirmed command, owned by the asker. */
async function createdDeal(who: TestSession, name: string, rest = 'with amount 2.5 lakh and stage Discovery') {
  const res = await command(who, `create deal "${name}" ${rest}`);
  expect((await post(who, 'confirm', pendingId(res))).statusCode).toBe(200);
  return (await dealNamed(name))!;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => NOW });
  s = await signInAll(t.database.db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    asha: 'asha@acme.example',
  });
  other = await createOtherWorkspace(t.database.db, { deals: 3 });
  otherAdmin = (await signInAll(t.database.db, { a: other.emails.admin })).a;
});
afterAll(() => t?.close());

describe('POST /api/command/process-command', () => {
  it('answers a create with a pending operation and the exact change, and writes nothing', async () => {
    const before = await crmCounts();
    const res = await command(s.rahul, 'create deal "Acme renewal" with amount 2.5 lakh and stage Discovery');
    expect(res.statusCode).toBe(200);
    const body = answer(res);
    expect(body.status).toBe('confirm');
    // Discovery is only in the Enterprise pipeline, so the deal goes there, and the question says so.
    expect(body.message).toBe('Create deal "Acme renewal" with amount 2,50,000, pipeline Enterprise and stage Discovery?');
    expect(body.data.parsed_command).toEqual({
      operation: 'create',
      object_type: 'deal',
      identifier: 'Acme renewal',
      // What the question says, parsed_command carries: the pipeline the stage brings too.
      properties: { dealname: 'Acme renewal', amount: 250000, dealstage: 'Discovery', pipeline: 'Enterprise' },
    });
    expect(body.data.pending_operation).toMatchObject({ operation: 'create', object_type: 'deal', record_id: null });
    expect(await crmCounts()).toEqual(before);
    expect(await dealNamed('Acme renewal')).toBeUndefined();
  });

  it('answers an update of one record with old and new values, and writes nothing', async () => {
    await createdDeal(s.rahul, 'Kaveri upgrade');
    const before = await crmCounts();
    const res = await command(s.rahul, 'update deal Kaveri upgrade amount 5 lakh');
    expect(answer(res)).toMatchObject({ status: 'confirm', message: 'Update deal "Kaveri upgrade": amount 2,50,000 -> 5,00,000?' });
    expect(await crmCounts()).toEqual(before);
    expect((await dealNamed('Kaveri upgrade'))!.amount).toBe('250000.00');
  });

  it('answers 404 with the parsed command and a pending create when the record is not found; a yes creates it', async () => {
    const before = await crmCounts();
    const res = await command(s.rahul, 'update deal Nowhere Deal amount 3 lakh');
    expect(res.statusCode).toBe(404);
    const body = answer(res);
    expect(body).toMatchObject({
      status: 'not_found',
      message: 'No deal found. Would you like to create it?',
      detail: 'No deal found. Would you like to create it?',
    });
    expect(body.data.parsed_command).toMatchObject({ operation: 'update', object_type: 'deal', identifier: 'Nowhere Deal' });
    expect(body.data.pending_operation).toMatchObject({ operation: 'create', identifier: 'Nowhere Deal' });
    expect(await crmCounts()).toEqual(before);
    const yes = await post(s.rahul, 'confirm', body.data.pending_operation!.id);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toMatchObject({
      status: 'success',
      message: 'Deal created successfully!',
      data: { object_type: 'deal', properties: { dealname: 'Nowhere Deal', amount: '3,00,000' } },
    });
    expect(await dealNamed('Nowhere Deal')).toMatchObject({ amount: '300000.00', owner_id: s.rahul.userId });
  });

  it('offers a selection, with links, when several records match', async () => {
    await createdDeal(s.rahul, 'Twin pair east');
    await createdDeal(s.rahul, 'Twin pair west');
    const body = answer(await command(s.rahul, 'update deal Twin pair stage Proposal'));
    expect(body.status).toBe('select');
    expect(body.message).toBe('I found 2 deals matching "Twin pair". Which one do you mean?');
    expect(body.data.results.map((r) => r.properties.dealname).sort()).toEqual(['Twin pair east', 'Twin pair west']);
    expect(body.data.results[0]!.url).toMatch(/^\/dashboard\/deals\/\d+$/);
    expect(body.data.pending_operation).toBeNull();
  });

  it('says what it can do when it does not understand, and never guesses', async () => {
    for (const text of ['hello there', 'delete deal Kaveri upgrade', 'update me on everything']) {
      const body = answer(await command(s.rahul, text));
      expect(body.status, text).toBe('not_understood');
      expect(body.message).toContain('I can create or update deals, companies and contacts');
      expect(body.data.parsed_command).toEqual({ operation: null, object_type: null, identifier: null, properties: {} });
    }
  });

  it('names an unknown stage with the known ones, and an ambiguous owner with the candidates', async () => {
    const stage = answer(await command(s.rahul, 'create deal Typo deal stage Wobbly pipeline Enterprise'));
    expect(stage.status).toBe('invalid');
    expect(stage.message).toBe(
      'I could not find the stage "Wobbly" in Enterprise. ' +
        'Known stages: Discovery, Solution Design, Proposal, Negotiation, Legal Review, Closed Won and Closed Lost.',
    );
    const pipeline = answer(await command(s.rahul, 'create deal Typo deal pipeline Wibble'));
    expect(pipeline.message).toBe('I could not find the pipeline "Wibble". Known pipelines: Sales Pipeline, Enterprise and Renewals.');
    // A typo of a known name is that name.
    expect(answer(await command(s.rahul, 'create deal Typo deal stage Discovry pipeline Enterprize')).message).toBe(
      'Create deal "Typo deal" with pipeline Enterprise and stage Discovery?',
    );

    await execute(
      t.database.db,
      sql`insert into users (organization_id, email, first_name, last_name, role, team, reports_to)
      select organization_id, 'rahul.kapoor@acme.example', 'Rahul', 'Kapoor', 'user', 'Enterprise', reports_to
      from users where email = 'rahul@acme.example'`,
    );
    const owner = answer(await command(s.vikram, 'create deal Assign test owner Rahul'));
    expect(owner.status).toBe('invalid');
    expect(owner.message).toBe(
      '"Rahul" matches more than one person: Rahul Kapoor (rahul.kapoor@acme.example) and Rahul Verma (rahul@acme.example). ' +
        'Please use their email.',
    );
    expect(answer(await command(s.vikram, 'create deal Assign test owner rahul@acme.example')).status).toBe('confirm');
    // A rep can only give a deal to someone on their team, as on the deal screen.
    // The refusal names the person, and parsed_command carries them resolved (by email), not as typed.
    const refused = answer(await command(s.rahul, 'create deal Assign test owner priya'));
    expect(refused.status).toBe('invalid');
    expect(refused.message).toBe('Priya Nair is not on your team. You can only assign deals to people on your team.');
    expect(refused.data.parsed_command.properties.dealowner).toBe('priya@acme.example');
    await createdDeal(s.rahul, 'Assign test renewal', 'with amount 50000');
    const update = answer(await command(s.rahul, 'update deal assign test renewal assign to priya'));
    expect(update.status).toBe('invalid');
    expect(update.data.parsed_command.properties.dealowner).toBe('priya@acme.example');
  });

  it('reads two changes in one update, and a stage whose name holds field words', async () => {
    await createdDeal(s.rahul, 'Orion Logistics renewal', 'with amount 50000 and stage Appointment Scheduled');
    const two = answer(await command(s.rahul, 'update deal orion renewal set amount to Rs 90k and stage to decision maker bought-in'));
    expect(two.status).toBe('confirm');
    expect(two.message).toBe(
      'Update deal "Orion Logistics renewal": amount 50,000 -> 90,000, stage Appointment Scheduled -> Decision Maker Bought-In?',
    );
    expect(two.data.parsed_command).toEqual({
      operation: 'update',
      object_type: 'deal',
      identifier: 'Orion Logistics renewal',
      properties: { amount: 90000, dealstage: 'Decision Maker Bought-In' },
    });
    const moved = answer(await command(s.rahul, 'update deal Orion Logistcs renewal in pipeline enterprise with stage proposal'));
    expect(moved.message).toBe(
      'Update deal "Orion Logistics renewal": pipeline Sales Pipeline -> Enterprise, stage Appointment Scheduled -> Proposal?',
    );
  });

  it('carries in parsed_command the resolved names the confirmation shows (exact labels, the owner by email)', async () => {
    await createdDeal(s.vikram, 'Sahyadri fleet pilot', 'with amount 1 lakh and stage Discovery');
    const body = answer(await command(s.vikram, 'update deal sahyadri fleet pilot owner priya and pipeline Sales and stage Contract Sent'));
    expect(body.message).toBe(
      'Update deal "Sahyadri fleet pilot": owner Vikram Shah -> Priya Nair, pipeline Enterprise -> Sales Pipeline, ' +
        'stage Discovery -> Contract Sent?',
    );
    expect(body.data.parsed_command.properties).toEqual({
      dealowner: 'priya@acme.example',
      pipeline: 'Sales Pipeline',
      dealstage: 'Contract Sent',
    });
    const yes = await post(s.vikram, 'confirm', body.data.pending_operation!.id);
    expect(yes.json()).toMatchObject({
      data: { properties: { dealowner: 'Priya Nair', pipeline: 'Sales Pipeline', dealstage: 'Contract Sent' } },
    });
  });

  it("reads 'tomorrow' in the caller's time zone (X-Timezone header or timeZone parameter)", async () => {
    await createdDeal(s.rahul, 'Zone test deal');
    // 14 hours ahead of UTC and 11 behind: never the same day (at NOW, New Year's Eve and 30 December).
    const tomorrowIn = { 'Pacific/Kiritimati': '2027-01-01', 'Pacific/Pago_Pago': '2026-12-31' };
    for (const [zone, tomorrow] of Object.entries(tomorrowIn)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/command/process-command?command=${encodeURIComponent('update deal Zone test deal close date tomorrow')}`,
        headers: { ...s.rahul.headers, 'x-timezone': zone },
      });
      expect(answer(res).data.parsed_command.properties.closedate, zone).toBe(tomorrow);
    }
    const byParam = answer(await command(s.rahul, 'update deal Zone test deal close date tomorrow', '&timeZone=Pacific%2FKiritimati'));
    expect(byParam.data.parsed_command.properties.closedate).toBe(tomorrowIn['Pacific/Kiritimati']);
  });

  it('names an unreadable value', async () => {
    const body = answer(await command(s.rahul, 'update deal Kaveri upgrade amount plenty'));
    expect(body).toMatchObject({ status: 'invalid', data: { problems: [{ property: 'amount' }] } });
    expect(body.message).toContain('I could not read the amount "plenty"');
  });

  it('takes identity from the session: email and userId may only name the caller', async () => {
    expect((await command(s.rahul, 'create company Id Co', '&email=priya@acme.example')).statusCode).toBe(403);
    expect((await command(s.rahul, 'create company Id Co', `&userId=${s.priya.userId}`)).statusCode).toBe(403);
    expect((await command(s.rahul, 'create company Id Co', `&email=RAHUL@acme.example&userId=${s.rahul.userId}`)).statusCode).toBe(200);
    // This workspace keeps its CRM here: a hubId names no portal of it (HubSpot workspaces: hubspot-write-through-routes.test.ts).
    const withHub = await command(s.rahul, 'create company Id Co', '&hubId=1');
    expect(withHub.statusCode).toBe(400);
    expect(withHub.json()).toMatchObject({ detail: WRITE_THROUGH_MESSAGES.noPortal });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/command/process-command?command=create%20company%20X', headers: csrfHeaders }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/command/confirm', () => {
  it('writes once: a second yes with the same id is refused', async () => {
    await createdDeal(s.rahul, 'Once deal');
    const id = pendingId(await command(s.rahul, 'update deal Once deal amount 7 lakh and close date 2026-01-31'));
    const yes = await post(s.rahul, 'confirm', id);
    expect(yes.json()).toMatchObject({
      message: 'Deal updated successfully!',
      data: { properties: { amount: '7,00,000', closedate: '2026-01-31' } },
    });
    const again = await post(s.rahul, 'confirm', id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This operation has already been carried out or canceled.' });
  });

  it('refuses an expired confirmation', async () => {
    const id = pendingId(await command(s.rahul, 'create company Late Co'));
    await execute(t.database.db, sql`update pending_operations set expires_at = now() - interval '1 second' where id = ${id}`);
    const res = await post(s.rahul, 'confirm', id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ detail: 'This confirmation has expired. Please send the command again.' });
    expect(await execute(t.database.db, sql`select 1 from companies where name = 'Late Co'`)).toEqual([]);
  });

  it('refuses when the deal was changed since the question', async () => {
    const deal = await createdDeal(s.rahul, 'Moving deal');
    const id = pendingId(await command(s.rahul, 'update deal Moving deal amount 9 lakh'));
    const put = await t.app.inject({ method: 'PUT', url: `/api/deal/${deal.id}`, headers: s.vikram.headers, payload: { amount: '100' } });
    expect(put.statusCode).toBe(200);
    const res = await post(s.rahul, 'confirm', id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This deal was changed since you asked. Please send the command again.' });
    expect((await dealNamed('Moving deal'))!.amount).toBe('100.00');
  });

  it("is the asker's alone: another user's or another workspace's yes finds nothing", async () => {
    const id = pendingId(await command(s.rahul, 'create company Mine Only Co'));
    for (const who of [s.priya, s.vikram, otherAdmin]) {
      const res = await post(who, 'confirm', id);
      expect(res.statusCode).toBe(404);
    }
    expect((await post(s.rahul, 'confirm', id)).statusCode).toBe(200);
  });

  it('re-checks permission: a deal given away since the question cannot be changed', async () => {
    const deal = await createdDeal(s.rahul, 'Given away deal');
    const id = pendingId(await command(s.rahul, 'update deal Given away deal stage Proposal'));
    await execute(t.database.db, sql`update deals set owner_id = ${s.priya.userId} where id = ${deal.id}`);
    const res = await post(s.rahul, 'confirm', id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You can no longer change this deal.' });
  });

  it('cancel marks it used without writing', async () => {
    const id = pendingId(await command(s.rahul, 'create company Cancelled Co'));
    expect((await post(s.rahul, 'cancel', id)).json()).toEqual({ status: 'success', message: 'Operation canceled.' });
    expect((await post(s.rahul, 'confirm', id)).statusCode).toBe(409);
    expect(await execute(t.database.db, sql`select 1 from companies where name = 'Cancelled Co'`)).toEqual([]);
  });
});

describe('companies and contacts by command', () => {
  it('creates a company and a contact at it, then updates the contact by email', async () => {
    const company = answer(await command(s.rahul, 'create company Zenith Tools with domain zenith.example and industry Fintech'));
    expect(company.message).toBe('Create company "Zenith Tools" with domain zenith.example and industry Fintech?');
    expect((await post(s.rahul, 'confirm', company.data.pending_operation!.id)).json()).toMatchObject({
      message: 'Company created successfully!',
    });

    const contact = answer(
      await command(s.rahul, 'create contact Priya Shah priya.shah@zenith.example phone +91 98765 43210 at Zenith Tools'),
    );
    expect(contact.message).toBe(
      'Create contact "Priya Shah" with email priya.shah@zenith.example, phone +91 98765 43210 and company Zenith Tools?',
    );
    expect((await post(s.rahul, 'confirm', contact.data.pending_operation!.id)).json()).toMatchObject({
      message: 'Contact created successfully!',
      data: { properties: { firstname: 'Priya', lastname: 'Shah', company: 'Zenith Tools' } },
    });

    const update = answer(await command(s.rahul, 'update contact priya.shah@zenith.example job title CFO'));
    expect(update.message).toBe('Update contact "Priya Shah": job title none -> CFO?');
    expect((await post(s.rahul, 'confirm', update.data.pending_operation!.id)).json()).toMatchObject({
      message: 'Contact updated successfully!',
      data: { properties: { jobtitle: 'CFO' } },
    });

    const byDomain = answer(await command(s.rahul, 'update company zenith.example city Pune'));
    expect(byDomain.message).toBe('Update company "Zenith Tools": city none -> Pune?');
  });

  it('never resolves a name to a record the caller cannot see, even misspelt', async () => {
    await createdDeal(s.priya, 'Konkan mango exports');
    const body = answer(await command(s.rahul, 'update deal konkan mango exprots amount 2L'));
    expect(body.status).toBe('not_found');
    expect(body.data.parsed_command.identifier).toBe('konkan mango exprots');
    expect(JSON.stringify(body)).not.toContain('Konkan mango exports');
  });

  it('does not name a deal given away since the names were read: the name stays as typed', async () => {
    const deal = await createdDeal(s.rahul, 'Bhadra cement kiln');
    const [row] = await execute<{ organization_id: string; role: string }>(
      t.database.db,
      sql`select organization_id, role from users where id = ${s.rahul.userId}`,
    );
    const rahul = { id: s.rahul.userId, organizationId: row!.organization_id, role: row!.role, email: 'rahul@acme.example' };
    await vi.waitFor(async () =>
      expect((await t.services.commands.gazetteers.forCaller(rahul)).entries.some((e) => e.label === 'Bhadra cement kiln')).toBe(true),
    );
    await execute(t.database.db, sql`update deals set owner_id = ${s.priya.userId} where id = ${deal.id}`);
    const body = answer(await command(s.rahul, 'update deal bhadra cemnt kiln amount 2L'));
    expect(body.status).toBe('not_found');
    expect(body.data.parsed_command.identifier).toBe('bhadra cemnt kiln');
    expect(JSON.stringify(body)).not.toContain('Bhadra cement kiln');
  });

  it("does not reveal a peer's records: they are not found for a rep, found for the manager", async () => {
    // Zenith Tools and Priya Shah belong to rahul (made above).
    expect((await command(s.priya, 'update company zenith.example city Goa')).statusCode).toBe(404);
    expect((await command(s.priya, 'update contact priya.shah@zenith.example phone 9999999999')).statusCode).toBe(404);
    expect((await command(s.priya, 'update deal Kaveri upgrade amount 1 lakh')).statusCode).toBe(404);
    expect(answer(await command(s.vikram, 'update company zenith.example city Goa')).status).toBe('confirm');
    expect(answer(await command(s.vikram, 'update deal Kaveri upgrade amount 1 lakh')).status).toBe('confirm');
  });

  it("keeps workspaces apart: another workspace's admin finds none of them", async () => {
    for (const text of [
      'update company zenith.example city Goa',
      'update contact priya.shah@zenith.example phone 9999999999',
      'update deal Kaveri upgrade amount 1 lakh',
    ]) {
      const res = await command(otherAdmin, text);
      expect(res.statusCode, text).toBe(404);
      expect(res.body).not.toContain('Zenith Tools');
    }
    // A contact there cannot be put at a company here.
    expect(answer(await command(otherAdmin, 'create contact Olga Test at Zenith Tools')).message).toContain(
      'No company "Zenith Tools" found',
    );
  });
});
