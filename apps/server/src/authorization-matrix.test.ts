import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingMail } from '../test/fakes/recording-mail';
import {
  callSuggestions,
  companies,
  contacts,
  deals,
  notes,
  organizations,
  pendingOperations,
  pipelineStages,
  pipelines,
  recordingParticipants,
  recordingSegments,
  recordingVoiceTurns,
  recordings,
  registrationRequests,
  tasks,
} from './db/schema';
import { deriveKey } from './lib/secrets';
import { createOtpService } from './modules/auth/otp-service';
import { DEFAULT_STAGES, insertPipeline } from './modules/deals/default-pipeline';
import { createOtherWorkspace, type OtherWorkspace } from '../test/other-workspace';
import { findUser, signIn, type TestSession } from '../test/sessions';
import { formBody } from '../test/recordings-kit';
import { createTestApp, csrfHeaders, type TestApp } from '../test/test-app';
import { signatureOf } from './modules/whatsapp/whatsapp-webhook-protocol';

/**
 * The authorization matrix: every API route in the OpenAPI document (which holds every API route the
 * server registers: a hidden one fails at start, see plugins/openapi.ts), with the status each kind of
 * caller gets when acting on a resource that belongs to the rep (rahul's deal, rahul's user id,
 * the caller's own email where the path names the caller). A route without a row fails the
 * first test, so every new route must come with its row here.
 *
 * Callers (the demo hierarchy: asha <- vikram (admin) <- rahul, priya; asha <- meera <- kavya...):
 *   anon        no session
 *   rep         rahul (user), owner of the resource
 *   peer        priya (user), same manager as rahul
 *   manager     vikram (admin), rahul's manager
 *   admin       asha (super_admin), top of the workspace
 *   meera       meera (user), a manager, but not above rahul
 *   otherAdmin  the admin of another workspace (Globex), created as new customers' workspaces are
 *   otherRep    a rep of another workspace
 *   operator    kavya (user under meera), one of OPERATOR_EMAILS: runs the installation, no admin rights
 *   otherTeam   rohan (user under meera), a rep of another team: a row's `otherTeam` status, else the peer's
 *               (neither sees rahul's records), so the rows keep their nine columns
 */
const ACTORS = ['anon', 'rep', 'peer', 'manager', 'admin', 'meera', 'otherAdmin', 'otherRep', 'operator', 'otherTeam'] as const;
type Actor = (typeof ACTORS)[number];
type Statuses = [
  anon: number,
  rep: number,
  peer: number,
  manager: number,
  admin: number,
  meera: number,
  otherAdmin: number,
  otherRep: number,
  operator: number,
];

type Caller = {
  actor: Actor;
  /** The caller's email (anonymous callers use the rep's, as a client would put it in a path). */
  email: string;
  session: TestSession | null;
  workspace: { name: string; domain: string };
};

type Ctx = {
  t: TestApp;
  other: OtherWorkspace;
  ids: { rahul: string; priya: string; vikram: string };
  rahulDeal: { id: number; dealname: string; pipelineId: string };
  pipeline: { label: string; stage: string };
  /** A unique email at the domain. */
  freshEmail(domain: string): string;
  /** A unique domain no workspace has. */
  freshDomain(): string;
  /** A new pending sign-up request from the domain; returns its id. */
  pendingRequest(domain: string): Promise<string>;
  /** A live sign-in code for the email (as if it had been mailed). */
  otpFor(email: string): Promise<string>;
  /** A new pending operation of rahul's that sets his deal's name to what it is. */
  rahulPending(): Promise<string>;
  /** A new task rahul made for himself on his deal. */
  rahulTask(): Promise<string>;
};

type Req = { url: string; payload?: Record<string, unknown> | Buffer; headers?: Record<string, string> };
type Row = {
  /** `METHOD url` exactly as registered. */
  route: string;
  /** What this row checks, when a route has more than one. */
  note?: string;
  request: (ctx: Ctx, caller: Caller) => Req | Promise<Req>;
  expect: Statuses;
  /** Use a throwaway session for this row (the request ends it). */
  freshSession?: boolean;
  /** What the rep of another team gets, when it is not what the peer gets. */
  otherTeam?: number;
  /** A provider's webhook: no session needed, but a request without the provider's signature is refused 401. */
  providerSigned?: boolean;
};

const ACME = (name: string) => `${name}@acme.example`;
const RAHUL = ACME('rahul');
const ALL = (status: number): Statuses => [status, status, status, status, status, status, status, status, status];
const SIGNED_IN = (status: number): Statuses => [401, status, status, status, status, status, status, status, status];
const OPERATOR = ACME('kavya');
/** Meta's side of the WhatsApp webhook as the matrix's app is set up with it. */
const WHATSAPP_APP_SECRET = 'matrix-whatsapp-app-secret';
const WHATSAPP_VERIFY_TOKEN = 'matrix-whatsapp-verify-token';
/** A delivery Meta signs: a status update (nothing to answer), with its X-Hub-Signature-256. */
function signedWhatsappDelivery(secret = WHATSAPP_APP_SECRET): Req {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.matrix', status: 'read' }] } }] }],
  });
  return {
    url: '/api/whatsapp/webhook',
    payload: Buffer.from(body),
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, secret) },
  };
}
/** A WhatsApp number of the caller's own (one per actor). */
const whatsappNumberOf = (who: Caller) => `+91 98765 432${String(ACTORS.indexOf(who.actor)).padStart(2, '0')}`;

/** The first bytes of an mp4 (an ftyp box) and padding: what the upload's type check reads. */
const MP4_BYTES = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1'), Buffer.alloc(2000)]);

/** A recording rahul uploaded, with stored media and one snapshot; `status` failed for a retry row. */
async function rahulRecording(c: Ctx, status: 'uploaded' | 'failed' = 'uploaded'): Promise<string> {
  const storage = c.t.services.adapters.storage;
  const base = `recordings/${randomUUID()}`;
  await storage.put(`${base}/media`, Readable.from([MP4_BYTES]), {});
  await storage.put(`${base}/snapshot-0.jpg`, Readable.from([Buffer.from([0xff, 0xd8, 0xff])]), {});
  const [row] = await c.t.database.db
    .insert(recordings)
    .values({
      organizationId: (await findUser(c.t.database.db, RAHUL)).organizationId,
      uploadedBy: c.ids.rahul,
      uploaderEmail: RAHUL,
      dealId: c.rahulDeal.id,
      pipelineId: c.rahulDeal.pipelineId,
      title: 'Matrix call',
      uploadType: 'file',
      storageKey: `${base}/media`,
      mediaType: 'video/mp4',
      sizeBytes: MP4_BYTES.length,
      snapshotKeys: [`${base}/snapshot-0.jpg`],
      status,
    })
    .returning({ id: recordings.id });
  return row!.id;
}
/** A fresh recording of rahul's with one outside participant (issue 30); its id and the participant's. */
async function rahulParticipant(c: Ctx): Promise<{ rid: string; pid: string }> {
  const rid = await rahulRecording(c);
  const [row] = await c.t.database.db
    .insert(recordingParticipants)
    .values({
      organizationId: (await findUser(c.t.database.db, RAHUL)).organizationId,
      recordingId: rid,
      name: 'Matrix Guest',
      email: `guest-${randomUUID().slice(0, 8)}@outside.example`,
      source: 'upload',
    })
    .returning({ id: recordingParticipants.id });
  return { rid, pid: row!.id };
}
/** A fresh recording of rahul's read as a stereo recording with one voice per channel (issue 31): its sides may be swapped. */
async function rahulStereoRecording(c: Ctx): Promise<string> {
  const rid = await rahulRecording(c);
  const { organizationId } = await findUser(c.t.database.db, RAHUL);
  const db = c.t.database.db;
  await db.update(recordings).set({ separateChannels: true, status: 'ready' }).where(eq(recordings.id, rid));
  await db
    .insert(recordingSegments)
    .values({ recordingId: rid, organizationId, seq: 0, startSeconds: 0, endSeconds: 9, text: 'hello there' });
  await db.insert(recordingVoiceTurns).values([
    { recordingId: rid, organizationId, seq: 0, channel: 'left', startSeconds: 0, endSeconds: 4 },
    { recordingId: rid, organizationId, seq: 1, channel: 'right', startSeconds: 5, endSeconds: 9 },
  ]);
  return rid;
}
let sharedRecording: string | undefined;
const recordingOnce = async (c: Ctx) => (sharedRecording ??= await rahulRecording(c));

/** A new deal of rahul's in his deal's pipeline (for a row that deletes one). */
async function freshRahulDeal(c: Ctx): Promise<number> {
  const db = c.t.database.db;
  const [stage] = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, c.rahulDeal.pipelineId))
    .orderBy(asc(pipelineStages.displayOrder))
    .limit(1);
  const { organizationId } = await findUser(db, RAHUL);
  const [row] = await db
    .insert(deals)
    .values({
      organizationId,
      dealname: 'Matrix deal to delete',
      pipelineId: c.rahulDeal.pipelineId,
      stageId: stage!.id,
      ownerId: c.ids.rahul,
    })
    .returning({ id: deals.id });
  return Number(row!.id);
}

/** A multipart upload to rahul's deal. */
function uploadTo(c: Ctx, url: string, fields: Record<string, string>, files: Parameters<typeof formBody>[1] = []): Req {
  const form = formBody({ deal_id: String(c.rahulDeal.id), pipeline_id: c.rahulDeal.pipelineId, ...fields }, files);
  return { url, payload: form.payload, headers: form.headers };
}
/** A pipeline of rahul's workspace with HubSpot's default stages and no deals, for a row that archives it or removes a stage. */
async function acmePipeline(c: Ctx): Promise<{ id: string; stageIds: string[] }> {
  const db = c.t.database.db;
  const { organizationId } = await findUser(db, RAHUL);
  const id = await insertPipeline(db, organizationId, { label: `Matrix ${randomUUID()}`, displayOrder: 99, stages: DEFAULT_STAGES });
  const stages = await db.select({ id: pipelineStages.id }).from(pipelineStages).where(eq(pipelineStages.pipelineId, id));
  return { id, stageIds: stages.map((s) => s.id) };
}
/** Rahul's deal's pipeline: its label and its stages in order. */
async function rahulsPipeline(c: Ctx): Promise<{ label: string; stageIds: string[] }> {
  const db = c.t.database.db;
  const [p] = await db.select({ label: pipelines.label }).from(pipelines).where(eq(pipelines.id, c.rahulDeal.pipelineId));
  const stages = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, c.rahulDeal.pipelineId))
    .orderBy(asc(pipelineStages.displayOrder));
  return { label: p!.label, stageIds: stages.map((s) => s.id) };
}
/** Pipelines are changed by admins only; another workspace's admin finds none of rahul's (404). */
const PIPELINE_ADMINS = (ok: number): Statuses => [401, 403, 403, ok, ok, 403, 404, 403, 403];
const SEEN_BY_RAHULS_LINE: Statuses = [401, 200, 404, 200, 200, 404, 404, 404, 404];

/** A call an hour from now, attended by one outside address. */
const bookingBody = () => ({
  title: 'Matrix call',
  start_time: new Date(Date.now() + 3_600_000).toISOString(),
  duration_minutes: 30,
  attendees: ['guest@customer.example'],
});
/** A new call rahul booked; its id (each row gets its own, as a cancel ends one). */
async function rahulBooking(c: Ctx): Promise<string> {
  const rahul = await findUser(c.t.database.db, RAHUL);
  const booked = await c.t.services.bookings.createAs({ ...rahul, role: 'user' }, bookingBody());
  return booked.meeting.id;
}
/** A fresh company and contact owned by rahul (seen by him, his manager and the admins; by nobody else). */
async function rahulCompany(c: Ctx): Promise<string> {
  const { organizationId } = await findUser(c.t.database.db, RAHUL);
  const [row] = await c.t.database.db
    .insert(companies)
    .values({ organizationId, name: `Matrix Co ${randomUUID().slice(0, 8)}`, ownerId: c.ids.rahul })
    .returning({ id: companies.id });
  return row!.id;
}
async function rahulContact(c: Ctx): Promise<string> {
  const { organizationId } = await findUser(c.t.database.db, RAHUL);
  const [row] = await c.t.database.db
    .insert(contacts)
    .values({ organizationId, firstname: 'Matrix', lastname: randomUUID().slice(0, 8), ownerId: c.ids.rahul })
    .returning({ id: contacts.id });
  return row!.id;
}

// Each row's expect: [anon, rep, peer, manager, admin, meera, otherAdmin, otherRep, operator].
const MATRIX: Row[] = [
  // ---- public -------------------------------------------------------------------------------------------------------
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: ALL(200) },
  { route: 'POST /api/auth/check-email', request: () => ({ url: '/api/auth/check-email', payload: { email: RAHUL } }), expect: ALL(200) },
  {
    route: 'POST /api/auth/send-otp',
    request: (_c, who) => ({ url: '/api/auth/send-otp', payload: { email: who.email } }),
    expect: ALL(200),
  },
  {
    route: 'POST /api/auth/verify-otp',
    request: async (c, who) => ({ url: '/api/auth/verify-otp', payload: { email: who.email, otp: await c.otpFor(who.email) } }),
    expect: ALL(200),
  },
  {
    route: 'POST /api/auth/register-interest',
    request: (c) => ({
      url: '/api/auth/register-interest',
      payload: { email: c.freshEmail('newco.example'), firstName: 'Lead', lastName: 'Person', phoneNumber: '9876543210', numEmployees: 25 },
    }),
    expect: ALL(200),
  },
  {
    route: 'GET /api/auth/google/login',
    note: 'not configured: redirects with a message',
    request: () => ({ url: '/api/auth/google/login' }),
    expect: ALL(302),
  },
  { route: 'GET /api/auth/google/callback', request: () => ({ url: '/api/auth/google/callback?state=forged&code=x' }), expect: ALL(302) },
  {
    route: 'GET /api/whatsapp/webhook',
    note: "Meta's handshake with our verify token",
    request: () => ({ url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.challenge=31337` }),
    expect: ALL(200),
  },
  {
    route: 'GET /api/whatsapp/webhook',
    note: 'another verify token: 403',
    request: () => ({ url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=31337' }),
    expect: ALL(403),
  },
  { route: 'POST /api/whatsapp/webhook', note: 'signed by Meta', request: () => signedWhatsappDelivery(), expect: ALL(200) },
  {
    route: 'POST /api/whatsapp/webhook',
    note: 'unsigned or signed with another secret: 401',
    request: () => ({ ...signedWhatsappDelivery('not-the-app-secret') }),
    expect: ALL(401),
  },

  // ---- session ------------------------------------------------------------------------------------------------------
  { route: 'GET /api/session/profile', request: (_c, who) => ({ url: `/api/session/profile?email=${who.email}` }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/command/get-profile',
    request: (_c, who) => ({ url: `/api/command/get-profile?email=${who.email}` }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/session/logout',
    note: "always succeeds and clears cookies; ends only the caller's own session",
    request: (_c, who) => ({ url: `/api/session/logout?email=${who.email}`, payload: {} }),
    expect: ALL(200),
    freshSession: true,
  },

  // ---- users --------------------------------------------------------------------------------------------------------
  { route: 'GET /api/users', request: () => ({ url: '/api/users' }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/users/add_user/:email',
    note: "path = caller's own email; admins add to their own workspace",
    request: (c, who) => ({
      url: `/api/users/add_user/${who.email}`,
      payload: {
        first_name: 'New',
        last_name: 'Member',
        email: c.freshEmail(who.workspace.domain),
        phone_number: '9876543210',
        role: 'user',
        reports_to_email: who.email,
        is_onboarded: true,
      },
    }),
    expect: [401, 403, 403, 201, 201, 403, 201, 403, 403],
  },
  {
    route: 'POST /api/users/add_user/:email',
    note: "path = the rep's email, not the caller's",
    request: (c) => ({
      url: `/api/users/add_user/${RAHUL}`,
      payload: {
        first_name: 'New',
        last_name: 'Member',
        email: c.freshEmail('acme.example'),
        phone_number: '9876543210',
        role: 'user',
        reports_to_email: RAHUL,
        is_onboarded: true,
      },
    }),
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'PUT /api/users/update_user/:email',
    note: "path = caller's own email; non-admins get the spec's 401",
    request: (_c, who) => ({
      url: `/api/users/update_user/${who.email}`,
      payload: { organization_name: who.workspace.name, organization_domain: who.workspace.domain },
    }),
    expect: [401, 401, 401, 200, 200, 401, 200, 401, 401],
  },
  {
    route: 'PUT /api/users/update_user/:email',
    note: "path = the rep's email, not the caller's",
    request: () => ({
      url: `/api/users/update_user/${RAHUL}`,
      payload: { organization_name: 'Acme Sales', organization_domain: 'acme.example' },
    }),
    expect: [401, 401, 403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/users/whatsapp_number',
    note: "the caller's own messaging number",
    request: () => ({ url: '/api/users/whatsapp_number' }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/users/update_whatsapp_number/:email',
    note: "path = caller's own email (each caller's own number: saving sends it a code, a few an hour per number)",
    request: (_c, who) => ({ url: `/api/users/update_whatsapp_number/${who.email}`, payload: { phone_number: whatsappNumberOf(who) } }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/users/update_whatsapp_number/:email',
    note: "path = the rep's email, not the caller's",
    request: () => ({ url: `/api/users/update_whatsapp_number/${RAHUL}`, payload: { phone_number: '+91 98765 43210' } }),
    expect: [401, 200, 403, 403, 403, 403, 403, 403, 403],
  },

  // ---- WhatsApp: the caller's own number (saved by the rows above; DELETE comes last) --------------------------------
  { route: 'GET /api/whatsapp/status', request: () => ({ url: '/api/whatsapp/status' }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/whatsapp/verify',
    note: 'a wrong code: 400',
    request: () => ({ url: '/api/whatsapp/verify', payload: { code: '000000' } }),
    expect: SIGNED_IN(400),
  },
  {
    route: 'POST /api/whatsapp/resend_code',
    note: 'a new code to the number each caller saved',
    request: () => ({ url: '/api/whatsapp/resend_code', payload: {} }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'PUT /api/whatsapp/notifications',
    note: 'not verified: 400',
    request: () => ({ url: '/api/whatsapp/notifications', payload: { morning_digest: true } }),
    expect: SIGNED_IN(400),
  },
  { route: 'DELETE /api/whatsapp/number', request: () => ({ url: '/api/whatsapp/number' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/users/subordinates/:id',
    request: (c) => ({ url: `/api/users/subordinates/${c.ids.rahul}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'PATCH /api/users/:id',
    note: "rahul's team, unchanged value",
    request: (c) => ({ url: `/api/users/${c.ids.rahul}`, payload: { team: 'Enterprise' } }),
    expect: [401, 403, 403, 200, 200, 403, 404, 403, 403],
  },

  // ---- registration requests (admins decide sign-ups from their workspace's domain) ---------------------------------
  {
    route: 'GET /api/registration-requests',
    request: () => ({ url: '/api/registration-requests' }),
    expect: [401, 403, 403, 200, 200, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/registration-requests/:id/approve',
    note: 'a fresh request from acme.example',
    request: async (c) => ({ url: `/api/registration-requests/${await c.pendingRequest('acme.example')}/approve` }),
    expect: [401, 403, 403, 200, 200, 403, 404, 403, 403],
  },
  {
    route: 'POST /api/registration-requests/:id/reject',
    note: 'a fresh request from acme.example',
    request: async (c) => ({ url: `/api/registration-requests/${await c.pendingRequest('acme.example')}/reject` }),
    expect: [401, 403, 403, 200, 200, 403, 404, 403, 403],
  },

  // ---- new customers' workspaces (operators decide sign-ups from domains no workspace holds) ------------------------
  {
    route: 'GET /api/operator/workspace-requests',
    request: () => ({ url: '/api/operator/workspace-requests' }),
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/operator/workspace-requests/:id/approve',
    note: 'a fresh request from a domain no workspace holds; approval creates its workspace',
    request: async (c) => ({ url: `/api/operator/workspace-requests/${await c.pendingRequest(c.freshDomain())}/approve` }),
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/operator/workspace-requests/:id/reject',
    note: 'a fresh request from a domain no workspace holds',
    request: async (c) => ({ url: `/api/operator/workspace-requests/${await c.pendingRequest(c.freshDomain())}/reject` }),
    expect: [401, 403, 403, 403, 403, 403, 403, 403, 200],
  },

  // ---- deals --------------------------------------------------------------------------------------------------------
  {
    route: 'GET /api/deal/get-deals-user-hierarchy',
    note: "?email=rahul: the rep's deals",
    request: () => ({ url: `/api/deal/get-deals-user-hierarchy?email=${RAHUL}` }),
    expect: [401, 200, 403, 200, 200, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/deal/get-deals-user-hierarchy',
    note: 'no email: your own view',
    request: () => ({ url: '/api/deal/get-deals-user-hierarchy' }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'GET /api/deal/export',
    note: "?email=rahul: the rep's deals as CSV",
    request: () => ({ url: `/api/deal/export?email=${RAHUL}` }),
    expect: [401, 200, 403, 200, 200, 403, 403, 403, 403],
  },
  { route: 'GET /api/deal/get-deal-stages', request: () => ({ url: '/api/deal/get-deal-stages' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/deal/get_deal_by_id/:id',
    request: (c) => ({ url: `/api/deal/get_deal_by_id/${c.rahulDeal.id}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/deal/:id/confidence',
    note: "rahul's deal's confidence score and its factors: whoever sees the deal",
    request: (c) => ({ url: `/api/deal/${c.rahulDeal.id}/confidence` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/deal/get-stackholders-for-deal',
    request: (c) => ({ url: `/api/deal/get-stackholders-for-deal?deal_id=${c.rahulDeal.id}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  { route: 'GET /api/deal/owners', request: () => ({ url: '/api/deal/owners' }), expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/deal/:id',
    note: "rahul's deal, its own name again",
    request: (c) => ({ url: `/api/deal/${c.rahulDeal.id}`, payload: { dealname: c.rahulDeal.dealname } }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'PUT /api/deal/:id',
    note: '{properties} form',
    request: (c) => ({ url: `/api/deal/${c.rahulDeal.id}`, payload: { properties: { dealname: c.rahulDeal.dealname } } }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/deal/',
    note: 'a new deal owned by rahul; in another workspace rahul is an unknown owner (400, as for any unknown email)',
    request: (c) => ({
      url: '/api/deal/?hubId=1',
      payload: { dealname: 'Matrix deal', pipeline: c.pipeline.label, dealstage: c.pipeline.stage, dealowner: RAHUL, amount: '1000' },
    }),
    expect: [401, 201, 403, 201, 201, 403, 400, 400, 403],
  },

  // ---- pipelines (Settings > Pipelines: everyone reads, admins change) ----------------------------------------------
  { route: 'GET /api/pipelines', request: () => ({ url: '/api/pipelines?include_archived=true' }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/pipelines',
    note: "a new pipeline in the caller's own workspace",
    request: () => ({ url: '/api/pipelines', payload: { label: `Matrix ${randomUUID()}` } }),
    expect: [401, 403, 403, 201, 201, 403, 201, 403, 403],
  },
  {
    route: 'PATCH /api/pipelines/:id',
    note: "rahul's deal's pipeline, its own name again",
    request: async (c) => ({ url: `/api/pipelines/${c.rahulDeal.pipelineId}`, payload: { label: (await rahulsPipeline(c)).label } }),
    expect: PIPELINE_ADMINS(200),
  },
  {
    route: 'DELETE /api/pipelines/:id',
    note: 'archives a pipeline without deals',
    request: async (c) => ({ url: `/api/pipelines/${(await acmePipeline(c)).id}` }),
    expect: PIPELINE_ADMINS(200),
  },
  {
    route: 'POST /api/pipelines/:id/stages',
    request: async (c) => ({
      url: `/api/pipelines/${(await acmePipeline(c)).id}/stages`,
      payload: { label: 'Matrix stage', probability: 50 },
    }),
    expect: PIPELINE_ADMINS(201),
  },
  {
    route: 'PATCH /api/pipelines/:id/stages/:stageId',
    note: 'a stage of a pipeline without deals, given a probability',
    request: async (c) => {
      const p = await acmePipeline(c);
      return { url: `/api/pipelines/${p.id}/stages/${p.stageIds[0]}`, payload: { probability: 15 } };
    },
    expect: PIPELINE_ADMINS(200),
  },
  {
    route: 'DELETE /api/pipelines/:id/stages/:stageId',
    note: 'a stage without deals',
    request: async (c) => {
      const p = await acmePipeline(c);
      return { url: `/api/pipelines/${p.id}/stages/${p.stageIds[0]}` };
    },
    expect: PIPELINE_ADMINS(200),
  },
  {
    route: 'PUT /api/pipelines/:id/stage-order',
    note: "rahul's deal's pipeline, in its own order",
    request: async (c) => ({
      url: `/api/pipelines/${c.rahulDeal.pipelineId}/stage-order`,
      payload: { stage_ids: (await rahulsPipeline(c)).stageIds },
    }),
    expect: PIPELINE_ADMINS(200),
  },
  {
    route: 'PUT /api/deal/:id/stakeholders',
    note: "rahul's deal, its stakeholders as they are (none added or removed)",
    request: async (c) => {
      const res = await c.t.app.inject({
        method: 'GET',
        url: `/api/deal/get-stackholders-for-deal?deal_id=${c.rahulDeal.id}`,
        headers: (await signIn(c.t.database.db, RAHUL)).bearer,
      });
      return {
        url: `/api/deal/${c.rahulDeal.id}/stakeholders`,
        payload: { contact_ids: res.json<{ data: { id: string }[] }>().data.map((s) => s.id) },
      };
    },
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'DELETE /api/deal/:id',
    note: 'a new deal of rahul: he, his manager and the admins delete it; whoever does not see it gets 404',
    request: async (c) => ({ url: `/api/deal/${await freshRahulDeal(c)}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },

  // ---- notes and activity (whoever sees the record; the author edits; the author or an admin deletes) ---------------
  {
    route: 'GET /api/notes',
    request: (c) => ({ url: `/api/notes?record_type=deal&record_id=${c.rahulDeal.id}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/notes',
    note: "a note on rahul's deal: whoever sees it",
    request: (c) => ({ url: `/api/notes?record_type=deal&record_id=${c.rahulDeal.id}`, payload: { body: 'Matrix note' } }),
    expect: [401, 201, 404, 201, 201, 404, 404, 404, 404],
  },
  {
    route: 'PATCH /api/notes/:id',
    note: 'a fresh note rahul wrote on his deal: its author only (others who see it 403)',
    request: async (c) => ({ url: `/api/notes/${await rahulNote(c)}`, payload: { body: 'Edited' } }),
    expect: [401, 200, 404, 403, 403, 404, 404, 404, 404],
  },
  {
    route: 'DELETE /api/notes/:id',
    note: 'a fresh note rahul wrote on his deal: its author or an admin',
    request: async (c) => ({ url: `/api/notes/${await rahulNote(c)}` }),
    expect: [401, 204, 404, 204, 204, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/activity',
    request: (c) => ({ url: `/api/activity?record_type=deal&record_id=${c.rahulDeal.id}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },

  // ---- companies and contacts (decision 13: rahul's own records; the 404 of a record the caller does not see) -------
  { route: 'GET /api/companies', request: () => ({ url: '/api/companies?search=matrix&sort=name_desc' }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/companies',
    note: 'a company of their own',
    request: () => ({ url: '/api/companies', payload: { name: 'Matrix New Co' } }),
    expect: SIGNED_IN(201),
  },
  {
    route: 'GET /api/companies/:id',
    request: async (c) => ({ url: `/api/companies/${await rahulCompany(c)}` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'PATCH /api/companies/:id',
    request: async (c) => ({ url: `/api/companies/${await rahulCompany(c)}`, payload: { city: 'Pune' } }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'DELETE /api/companies/:id',
    note: 'whoever may edit it may delete it',
    request: async (c) => ({ url: `/api/companies/${await rahulCompany(c)}` }),
    expect: [401, 204, 404, 204, 204, 404, 404, 404, 404],
  },
  { route: 'GET /api/contacts', request: () => ({ url: '/api/contacts?search=matrix' }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/contacts',
    note: 'a contact of their own',
    request: () => ({ url: '/api/contacts', payload: { firstname: 'Matrix' } }),
    expect: SIGNED_IN(201),
  },
  {
    route: 'GET /api/contacts/:id',
    request: async (c) => ({ url: `/api/contacts/${await rahulContact(c)}` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'PATCH /api/contacts/:id',
    request: async (c) => ({ url: `/api/contacts/${await rahulContact(c)}`, payload: { jobtitle: 'CTO' } }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'DELETE /api/contacts/:id',
    note: 'whoever may edit it may delete it',
    request: async (c) => ({ url: `/api/contacts/${await rahulContact(c)}` }),
    expect: [401, 204, 404, 204, 204, 404, 404, 404, 404],
  },

  // ---- calendar (each caller's own calendar; /meetings adds what the hierarchy shows them) --------------------------
  { route: 'GET /api/calendar/user-meetings/', request: () => ({ url: '/api/calendar/user-meetings/' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/calendar/meetings', request: () => ({ url: '/api/calendar/meetings' }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/calendar/meetings',
    note: "a call of the caller's own, no deal",
    request: () => ({ url: '/api/calendar/meetings', payload: bookingBody() }),
    expect: SIGNED_IN(201),
  },
  {
    route: 'POST /api/calendar/meetings',
    note: "on rahul's deal: whoever does not see the deal gets 404",
    request: (c) => ({ url: '/api/calendar/meetings', payload: { ...bookingBody(), deal_id: String(c.rahulDeal.id) } }),
    expect: SEEN_BY_RAHULS_LINE.map((s) => (s === 200 ? 201 : s)) as Statuses,
  },
  {
    route: 'PATCH /api/calendar/meetings/:id',
    note: 'a call rahul booked: he and those above him edit it',
    request: async (c) => ({ url: `/api/calendar/meetings/${await rahulBooking(c)}`, payload: { title: 'Matrix call (moved)' } }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'DELETE /api/calendar/meetings/:id',
    note: 'a call rahul booked: he and those above him cancel it',
    request: async (c) => ({ url: `/api/calendar/meetings/${await rahulBooking(c)}` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  // ---- assistant questions (answered from what each caller may see; a rep's deal is not in a peer's answer) ---------
  {
    route: 'POST /api/chat/sales',
    request: () => ({ url: '/api/chat/sales', payload: { query: 'How many deals in Discovery?', context: {} } }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/chat/',
    request: () => ({ url: '/api/chat/', payload: { query: 'deals closing this month' } }),
    expect: SIGNED_IN(200),
  },

  // ---- header search (each caller gets what they may see; an empty term is a 400) -----------------------------------
  {
    route: 'GET /api/search',
    request: (c) => ({ url: `/api/search?q=${encodeURIComponent(c.rahulDeal.dealname)}` }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'GET /api/search',
    note: 'empty term: 400 once signed in; a caller without a session gets 401 before the query is validated',
    request: () => ({ url: '/api/search?q=%20' }),
    expect: SIGNED_IN(400),
  },

  // ---- Google connection (the caller's own; Google is not configured here) ------------------------------------------
  { route: 'GET /api/google/status', request: () => ({ url: '/api/google/status' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/google/authorize-url',
    note: 'not configured: 409',
    request: () => ({ url: '/api/google/authorize-url' }),
    expect: SIGNED_IN(409),
  },
  {
    route: 'POST /api/google/exchange-token',
    note: 'not configured: 409',
    request: () => ({ url: '/api/google/exchange-token', payload: { code: 'code', state: 'google.forged' } }),
    expect: SIGNED_IN(409),
  },
  {
    route: 'POST /api/google/sync',
    note: 'no calendar connected: 409',
    request: () => ({ url: '/api/google/sync', payload: {} }),
    expect: SIGNED_IN(409),
  },
  {
    route: 'POST /api/google/disconnect',
    note: 'nothing connected: the status',
    request: () => ({ url: '/api/google/disconnect', payload: {} }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/google/gmail-draft',
    note: 'no Gmail permission: 403',
    request: () => ({ url: '/api/google/gmail-draft', payload: { to: [], subject: 'Hello', body: 'Hi' } }),
    expect: SIGNED_IN(403),
  },

  // ---- HubSpot connection and CRM fields (the caller's own login; HubSpot is not configured here) -------------------
  { route: 'GET /api/hubspot/status', request: () => ({ url: '/api/hubspot/status' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/hubspot/authorize-url',
    note: 'not configured: 409',
    request: () => ({ url: '/api/hubspot/authorize-url' }),
    expect: SIGNED_IN(409),
  },
  {
    route: 'POST /api/token/hubspot/access-token/',
    note: 'not configured: 409',
    request: () => ({ url: '/api/token/hubspot/access-token/?code=code&state=hubspot.forged', payload: {} }),
    expect: SIGNED_IN(409),
  },
  {
    route: 'POST /api/token/hubspot/access-token/',
    note: "email naming the rep: only the rep's own",
    request: () => ({ url: '/api/token/hubspot/access-token/?code=code&state=hubspot.forged&email=rahul@acme.example', payload: {} }),
    expect: [401, 409, 403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/hubspot/disconnect',
    note: 'nothing connected: the status',
    request: () => ({ url: '/api/hubspot/disconnect', payload: {} }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/hubspot/sync',
    note: 'no portal bound: 409',
    request: () => ({ url: '/api/hubspot/sync', payload: {} }),
    expect: SIGNED_IN(409),
  },
  {
    route: 'GET /api/auth/fields',
    note: 'the built-in CRM fields',
    request: () => ({ url: '/api/auth/fields?property_type=deals' }),
    expect: SIGNED_IN(200),
  },

  // ---- provider webhooks (HubSpot calls it and signs each delivery; HubSpot is not configured here) ----------------
  {
    route: 'POST /api/hubspot/webhook',
    note: 'unsigned: 401',
    providerSigned: true,
    request: () => ({
      url: '/api/hubspot/webhook',
      payload: Buffer.from(JSON.stringify([{ eventId: 1, portalId: 1001, subscriptionType: 'deal.deletion', objectId: 1 }])),
      headers: { 'content-type': 'application/json' },
    }),
    expect: ALL(401),
  },

  // ---- videos (recordings: the uploader, everyone above them and admins see one; nothing crosses workspaces) --------
  { route: 'GET /api/videos/deals', request: () => ({ url: '/api/videos/deals' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/videos/my-videos', request: () => ({ url: '/api/videos/my-videos' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/videos/subordinate-videos', request: () => ({ url: '/api/videos/subordinate-videos' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/videos/get-video-by-dealId/:id',
    request: (c) => ({ url: `/api/videos/get-video-by-dealId/${c.rahulDeal.id}` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  { route: 'GET /api/videos/:id', request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}` }), expect: SEEN_BY_RAHULS_LINE },
  {
    route: 'GET /api/videos/:id/transcript',
    request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}/transcript` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'GET /api/videos/:id/media',
    request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}/media` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'GET /api/videos/:id/snapshots/:n',
    request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}/snapshots/0` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'POST /api/videos/upload',
    note: "a file for rahul's deal: whoever cannot see the deal gets 404",
    request: (c) => uploadTo(c, '/api/videos/upload', { upload_type: 'file' }, [{ field: 'file', name: 'call.mp4', data: MP4_BYTES }]),
    expect: [401, 201, 404, 201, 201, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/videos/upload-transcription',
    request: (c) =>
      uploadTo(c, '/api/videos/upload-transcription', { upload_type: 'transcription', transcription_text: 'Matrix transcript' }),
    expect: [401, 201, 404, 201, 201, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/videos/generate-presigned-url',
    request: () => ({ url: '/api/videos/generate-presigned-url', payload: { file_name: 'call.mp4' } }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'PUT /api/videos/direct-upload/:token',
    note: 'a fresh upload URL made for rahul: nobody else may use it',
    request: async (c) => {
      const rahul = await findUser(c.t.database.db, RAHUL);
      const { upload_url } = await c.t.services.recordings.service.presign({ ...rahul, role: 'user' }, 'call.mp4');
      return { url: upload_url, payload: MP4_BYTES, headers: { 'content-type': 'video/mp4' } };
    },
    expect: [401, 200, 403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/videos/:id/retry',
    note: 'a fresh failed recording of rahul',
    request: async (c) => ({ url: `/api/videos/${await rahulRecording(c, 'failed')}/retry` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'DELETE /api/videos/:id',
    note: 'a fresh recording of rahul: the uploader and admins may delete it',
    request: async (c) => ({ url: `/api/videos/${await rahulRecording(c)}` }),
    expect: [401, 204, 404, 204, 204, 404, 404, 404, 404],
  },

  // ---- call suggestions (issue 30, item 3) --------------------------------------------------------------------------
  {
    route: 'GET /api/videos/:id/suggestions',
    note: "rahul's recording of his deal: whoever sees both",
    request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}/suggestions` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'POST /api/videos/:id/suggestions/:sid/accept',
    note: "a fresh suggestion (a competitor) on rahul's recording: whoever sees the recording and may edit the deal",
    request: async (c) => {
      const { recordingId, id } = await freshSuggestion(c);
      return { url: `/api/videos/${recordingId}/suggestions/${id}/accept`, payload: {} };
    },
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'POST /api/videos/:id/suggestions/:sid/dismiss',
    note: "a fresh suggestion on rahul's recording",
    request: async (c) => {
      const { recordingId, id } = await freshSuggestion(c);
      return { url: `/api/videos/${recordingId}/suggestions/${id}/dismiss` };
    },
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'GET /api/deals/:id/call-suggestions',
    request: (c) => ({ url: `/api/deals/${c.rahulDeal.id}/call-suggestions` }),
    expect: SEEN_BY_RAHULS_LINE,
  },

  // ---- call statistics and the competitor list (issue 31) -----------------------------------------------------------
  {
    route: 'GET /api/videos/:id/call-stats',
    note: "rahul's recording: whoever sees it (its statistics are still to come)",
    request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}/call-stats` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'PUT /api/videos/:id/call-stats/team-channel',
    note: "a fresh stereo recording of rahul's: whoever may correct its participants swaps its sides",
    request: async (c) => ({
      url: `/api/videos/${await rahulStereoRecording(c)}/call-stats/team-channel`,
      payload: { team_channel: 'right' },
    }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  { route: 'GET /api/coaching/competitors', request: () => ({ url: '/api/coaching/competitors' }), expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/coaching/competitors',
    note: "admins set their own workspace's list",
    request: () => ({ url: '/api/coaching/competitors', payload: { names: ['Matrix Rival'] } }),
    expect: [401, 403, 403, 200, 200, 403, 200, 403, 403],
  },

  // ---- recordings ---------------------------------------------------------------------------------------------------
  { route: 'GET /api/videos/attendee-options', request: () => ({ url: '/api/videos/attendee-options?q=a' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/videos/:id/participants',
    request: async (c) => ({ url: `/api/videos/${await recordingOnce(c)}/participants` }),
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'POST /api/videos/:id/participants',
    note: 'whoever sees the recording corrects its participants',
    request: async (c) => ({
      url: `/api/videos/${await rahulRecording(c)}/participants`,
      payload: { email: `added-${randomUUID().slice(0, 8)}@outside.example` },
    }),
    expect: [401, 201, 404, 201, 201, 404, 404, 404, 404],
  },
  {
    route: 'PATCH /api/videos/:id/participants/:pid',
    request: async (c) => {
      const { rid, pid } = await rahulParticipant(c);
      return { url: `/api/videos/${rid}/participants/${pid}`, payload: { response_status: 'declined' } };
    },
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'DELETE /api/videos/:id/participants/:pid',
    request: async (c) => {
      const { rid, pid } = await rahulParticipant(c);
      return { url: `/api/videos/${rid}/participants/${pid}` };
    },
    expect: [401, 204, 404, 204, 204, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/videos/:id/participants/:pid/add-as-contact',
    request: async (c) => {
      const { rid, pid } = await rahulParticipant(c);
      return { url: `/api/videos/${rid}/participants/${pid}/add-as-contact` };
    },
    expect: SEEN_BY_RAHULS_LINE,
  },
  {
    route: 'POST /api/videos/:id/follow-up-email',
    note: "rahul's demo recording: the uploader, those above him and admins",
    request: async (c) => ({ url: `/api/videos/${await rahulRecordingId(c)}/follow-up-email` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },

  // ---- assistant commands (reading writes nothing; a pending operation is the asker's alone) ------------------------
  {
    route: 'POST /api/command/process-command',
    note: 'a create: every signed-in caller gets a question to confirm',
    request: () => ({ url: `/api/command/process-command?command=${encodeURIComponent('create company Matrix Co')}` }),
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/command/process-command',
    note: '?email=rahul: only rahul may name himself',
    request: () => ({ url: `/api/command/process-command?command=${encodeURIComponent('create company Matrix Co')}&email=${RAHUL}` }),
    expect: [401, 200, 403, 403, 403, 403, 403, 403, 403],
  },
  // ---- coaching: the figures of the people the caller sees (a rep: themselves; a manager: their subtree; admins: all) --
  { route: 'GET /api/coaching', note: 'the people the caller sees', request: () => ({ url: '/api/coaching' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/coaching/users/:id',
    note: "rahul's figures: himself, those above him and the workspace's admins",
    request: (c) => ({ url: `/api/coaching/users/${c.ids.rahul}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  // ---- tasks: the assignee, the creator and those above the assignee (the deal must be visible too) ------------------
  { route: 'GET /api/tasks', note: "the caller's own", request: () => ({ url: '/api/tasks' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/tasks',
    note: "rahul's deal's tasks",
    request: (c) => ({ url: `/api/tasks?record_type=deal&record_id=${c.rahulDeal.id}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/tasks',
    note: 'for yourself',
    request: () => ({ url: '/api/tasks', payload: { title: 'Matrix task' } }),
    expect: SIGNED_IN(201),
  },
  {
    route: 'POST /api/tasks',
    note: "assigned to rahul: his managers and the workspace's admins",
    request: (c) => ({ url: '/api/tasks', payload: { title: 'Matrix task', assignee_id: c.ids.rahul } }),
    expect: [401, 201, 403, 201, 201, 403, 403, 403, 403],
  },
  {
    route: 'PATCH /api/tasks/:id',
    note: 'a fresh task rahul made on his deal',
    request: async (c) => ({ url: `/api/tasks/${await c.rahulTask()}`, payload: { status: 'done' } }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },
  {
    route: 'DELETE /api/tasks/:id',
    note: 'a fresh task rahul made on his deal',
    request: async (c) => ({ url: `/api/tasks/${await c.rahulTask()}` }),
    expect: [401, 200, 404, 200, 200, 404, 404, 404, 404],
  },

  {
    route: 'POST /api/command/confirm',
    note: "a fresh pending operation of rahul's: a no-change update of his deal",
    request: async (c) => ({ url: '/api/command/confirm', payload: { pending_operation_id: await c.rahulPending() } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/command/cancel',
    note: "a fresh pending operation of rahul's",
    request: async (c) => ({ url: '/api/command/cancel', payload: { pending_operation_id: await c.rahulPending() } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404, 404],
  },
];

/** A new note of rahul's on his deal. */
async function rahulNote(c: Ctx): Promise<string> {
  const rahul = await findUser(c.t.database.db, RAHUL);
  const [row] = await c.t.database.db
    .insert(notes)
    .values({
      organizationId: rahul.organizationId,
      recordType: 'deal',
      recordId: String(c.rahulDeal.id),
      authorId: rahul.id,
      body: "Rahul's note",
    })
    .returning({ id: notes.id });
  return row!.id;
}

/** An open suggestion (a new competitor) on rahul's shared recording of his deal. */
async function freshSuggestion(c: Ctx): Promise<{ recordingId: string; id: string }> {
  const recordingId = await recordingOnce(c);
  const value = `Rival ${randomUUID().slice(0, 8)}`;
  const [row] = await c.t.database.db
    .insert(callSuggestions)
    .values({
      organizationId: (await findUser(c.t.database.db, RAHUL)).organizationId,
      recordingId,
      dealId: c.rahulDeal.id,
      field: 'competitors',
      key: `competitors:${value.toLowerCase()}`,
      value,
      quote: `We are also looking at ${value}.`,
      speaker: 'Kaveri Iyer',
      startSeconds: 12,
    })
    .returning({ id: callSuggestions.id });
  return { recordingId, id: row!.id };
}

/** One of the rep's seeded recordings. */
async function rahulRecordingId(c: Ctx): Promise<string> {
  const [row] = await c.t.database.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.uploadedBy, c.ids.rahul))
    .orderBy(asc(recordings.createdAt))
    .limit(1);
  return row!.id;
}

/** Routes the matrix does not cover: the static API docs (and everything outside /api, i.e. the SPA). */
const isMatrixRoute = (r: { method: string; url: string }) => r.url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(r.url);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Operation = { parameters?: { name: string; in: string }[] };
type OpenApiDoc = { paths?: Record<string, Record<string, unknown>> };

/** Every operation in an OpenAPI document, as `METHOD url` with Fastify's `:param` path syntax, and its query parameters. */
function documentedRoutes(doc: OpenApiDoc): { method: string; url: string; query: string[] }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([openApiPath, operations]) =>
    Object.entries(operations)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([m, op]) => ({
        method: m.toUpperCase(),
        url: openApiPath.replace(/\{([^}]+)\}/g, ':$1'),
        query: ((op as Operation).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
  );
}

/**
 * A route needs a session unless one of its rows lets an anonymous caller past the session check
 * (those are the routes marked PUBLIC_ROUTE) or it is a provider's webhook (its own 401 is the
 * signature's); a route without rows needs one (and fails the row check).
 */
const needsSession = (route: string) =>
  MATRIX.filter((row) => row.route === route).every((row) => row.expect[0] === 401 && !row.providerSigned);

/**
 * Two requests no route accepts, for `METHOD url`: every query parameter (or a made-up one) holding a
 * NUL, and, for methods with a body, JSON that does not parse. Path parameters are a placeholder.
 */
function invalidRequests(route: { method: string; url: string; query: string[] }): { what: string; request: InjectOptions }[] {
  const method = route.method as InjectOptions['method'];
  const url = route.url.replace(/:\w+/g, 'x');
  const query = (route.query.length ? route.query : ['probe']).map((name) => `${name}=%00${'x'.repeat(3000)}`).join('&');
  const invalid: { what: string; request: InjectOptions }[] = [{ what: 'bad query', request: { method, url: `${url}?${query}` } }];
  if (!['GET', 'HEAD', 'DELETE'].includes(route.method)) {
    invalid.push({ what: 'bad body', request: { method, url, payload: '{"unfinished', headers: { 'content-type': 'application/json' } } });
  }
  return invalid;
}

describe('authorization matrix', () => {
  let t: TestApp;
  let ctx: Ctx;
  let callers: Record<Actor, Caller>;

  beforeAll(async () => {
    const mail = recordingMail();
    t = await createTestApp({
      seed: true,
      adapters: { mail },
      env: { OPERATOR_EMAILS: OPERATOR, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN },
    });
    const db = t.database.db;
    const other = await createOtherWorkspace(db, { deals: 3 });
    const acme = { name: 'Acme Sales', domain: 'acme.example' };
    const globex = { name: other.name, domain: other.domain };
    const as = async (actor: Actor, email: string, workspace: Caller['workspace']): Promise<Caller> => ({
      actor,
      email,
      workspace,
      session: await signIn(db, email),
    });
    callers = {
      anon: { actor: 'anon', email: RAHUL, session: null, workspace: acme },
      rep: await as('rep', RAHUL, acme),
      peer: await as('peer', ACME('priya'), acme),
      manager: await as('manager', ACME('vikram'), acme),
      admin: await as('admin', ACME('asha'), acme),
      meera: await as('meera', ACME('meera'), acme),
      otherAdmin: await as('otherAdmin', other.emails.admin, globex),
      otherRep: await as('otherRep', other.emails.rep, globex),
      operator: await as('operator', OPERATOR, acme),
      otherTeam: await as('otherTeam', ACME('rohan'), acme),
    };

    const rahul = await findUser(db, RAHUL);
    const [deal] = await db
      .select({ id: deals.id, dealname: deals.dealname, pipelineId: deals.pipelineId })
      .from(deals)
      .where(and(eq(deals.ownerId, rahul.id), eq(deals.organizationId, rahul.organizationId)))
      .orderBy(asc(deals.id))
      .limit(1);
    const [stage] = await db
      .select({ pipeline: pipelines.label, stage: pipelineStages.label })
      .from(pipelines)
      .innerJoin(pipelineStages, eq(pipelineStages.pipelineId, pipelines.id))
      .where(eq(pipelines.organizationId, rahul.organizationId))
      .orderBy(asc(pipelines.displayOrder), asc(pipelineStages.displayOrder))
      .limit(1);
    const otp = createOtpService(db, deriveKey(t.services.masterKey, 'otp'));
    let seq = 0;
    ctx = {
      t,
      other,
      ids: { rahul: rahul.id, priya: (await findUser(db, ACME('priya'))).id, vikram: (await findUser(db, ACME('vikram'))).id },
      rahulDeal: deal!,
      pipeline: { label: stage!.pipeline, stage: stage!.stage },
      freshEmail: (domain) => `matrix${++seq}@${domain}`,
      freshDomain: () => `newco${++seq}.example`,
      pendingRequest: async (domain) => {
        const [row] = await db
          .insert(registrationRequests)
          .values({ email: `signup${++seq}@${domain}`, firstName: 'Sign', lastName: 'Up', phoneNumber: '9876543210', numEmployees: 10 })
          .returning({ id: registrationRequests.id });
        return row!.id;
      },
      otpFor: (email) => otp.issue(email),
      rahulTask: async () => {
        const [row] = await db
          .insert(tasks)
          .values({
            organizationId: rahul.organizationId,
            title: 'Matrix follow-up',
            assigneeId: rahul.id,
            createdBy: rahul.id,
            dealId: deal!.id,
          })
          .returning({ id: tasks.id });
        return row!.id;
      },
      rahulPending: async () => {
        const [row] = await db
          .insert(pendingOperations)
          .values({
            organizationId: rahul.organizationId,
            userId: rahul.id,
            operation: 'update',
            objectType: 'deal',
            identifier: deal!.dealname,
            recordId: String(deal!.id),
            values: { dealname: deal!.dealname },
            changes: [],
            expiresAt: new Date(Date.now() + 60_000),
          })
          .returning({ id: pendingOperations.id });
        return row!.id;
      },
    };
  });
  afterAll(() => t?.close());

  it('has a row for every API route in the OpenAPI document (each new route needs one), and none for a route that is gone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const registered = documentedRoutes(res.json())
      .filter(isMatrixRoute)
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(20);
    const covered = new Set(MATRIX.map((r) => r.route));
    const missing = [...new Set(registered)].filter((r) => !covered.has(r));
    expect(missing, `routes without a row in the authorization matrix: ${missing.join(', ')}`).toEqual([]);
    const stale = [...covered].filter((r) => !registered.includes(r));
    expect(stale, `matrix rows for routes that are not registered: ${stale.join(', ')}`).toEqual([]);
  });

  it('finds an unlisted route and names it (docs and non-API routes excepted)', () => {
    // The check above on a made-up document: the way a later feature without a row fails it.
    const routes = documentedRoutes({
      paths: {
        '/api/health': { get: {} },
        '/api/deal/{id}/made-up': { delete: {}, parameters: [] },
        '/api/docs/static/*': { get: {} },
        '/api/docs': { get: {} },
        '/index.html': { get: {} },
      },
    });
    const covered = new Set(MATRIX.map((r) => r.route));
    const missing = routes
      .filter(isMatrixRoute)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !covered.has(r));
    expect(missing).toEqual(['DELETE /api/deal/:id/made-up']);
  });

  it('answers a caller without a session 401 on every route that needs one, before validating the query or reading the body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const routes = documentedRoutes(res.json()).filter(isMatrixRoute);
    const failures: string[] = [];
    let asserted = 0;
    const assertedRoutes = new Set<string>();
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      for (const { what, request } of invalidRequests(route)) {
        const send = (headers: Record<string, string>) => t.app.inject({ ...request, headers: { ...request.headers, ...headers } });
        const anon = await send(csrfHeaders);
        const signedIn = await send(callers.admin.session!.headers);
        // The request is refused to a signed-in caller for what it carries (400; 403 for the direct upload's made-up token).
        const refused = signedIn.statusCode >= 400 && signedIn.statusCode < 500 && signedIn.statusCode !== 401;
        if (!refused) failures.push(`${name} ${what}: signed in got ${signedIn.statusCode}, not a refusal of the request`);
        if (!needsSession(name)) {
          if (anon.statusCode !== signedIn.statusCode) failures.push(`${name} (public) ${what}: anonymous got ${anon.statusCode}`);
        } else if (anon.statusCode !== 401 || anon.json<{ detail: string }>().detail !== 'Not authenticated') {
          failures.push(`${name} ${what}: anonymous got ${anon.statusCode} ${anon.body.slice(0, 120)}`);
        } else {
          asserted++;
          assertedRoutes.add(name);
        }
      }
    }
    console.info(`401 before validation: ${assertedRoutes.size} of ${routes.length} routes, ${asserted} requests`);
    expect(failures).toEqual([]);
    // Each route that needs a session was asserted once or twice (GETs have no body).
    expect(asserted).toBeGreaterThan(routes.filter((r) => needsSession(`${r.method} ${r.url}`)).length);
  });

  it.each(MATRIX.map((row) => [`${row.route}${row.note ? ` (${row.note})` : ''}`, row] as const))('%s', async (_name, row) => {
    const method = row.route.slice(0, row.route.indexOf(' ')) as InjectOptions['method'];
    const actual = {} as Record<Actor, number>;
    const wanted = {} as Record<Actor, number>;
    const details: string[] = [];
    for (const [i, actor] of ACTORS.entries()) {
      const caller = callers[actor];
      const session = row.freshSession && caller.session ? await signIn(t.database.db, caller.email) : caller.session;
      const req = await row.request(ctx, caller);
      const res = await t.app.inject({
        method,
        url: req.url,
        headers: { ...(session ? session.headers : csrfHeaders), ...req.headers },
        ...(req.payload ? { payload: req.payload } : {}),
      });
      actual[actor] = res.statusCode;
      wanted[actor] = actor === 'otherTeam' ? (row.otherTeam ?? row.expect[2]) : row.expect[i]!;
      if (res.statusCode !== wanted[actor]) details.push(`${actor}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      // Refusals never carry data: just {detail} (and field errors for 400).
      if (res.statusCode >= 400) {
        expect(Object.keys(res.json<object>()), `${actor} ${row.route}`).toSatisfy((keys: string[]) =>
          keys.every((k) => k === 'detail' || k === 'errors'),
        );
      }
      // What another workspace gets never mentions this one: no Acme address, no rahul id, not his deal.
      if ((actor === 'otherAdmin' || actor === 'otherRep') && res.statusCode < 400) {
        const seen = `${res.body} ${res.headers.location ?? ''}`;
        for (const secret of ['acme.example', ctx.ids.rahul, `"deal_id":"${ctx.rahulDeal.id}"`]) {
          expect(seen.includes(secret), `${actor} ${row.route} leaks ${secret}`).toBe(false);
        }
      }
    }
    expect(actual, details.join('\n')).toEqual(wanted);
  });

  it('left the shared resources as they were (the rows use unchanged values)', async () => {
    const db = t.database.db;
    const [deal] = await db.select({ dealname: deals.dealname, ownerId: deals.ownerId }).from(deals).where(eq(deals.id, ctx.rahulDeal.id));
    expect(deal).toEqual({ dealname: ctx.rahulDeal.dealname, ownerId: ctx.ids.rahul });
    const orgs = await db
      .select({ name: organizations.name, domain: organizations.domain })
      .from(organizations)
      .orderBy(asc(organizations.domain));
    // Besides the workspace the operator's approval row created, and nothing else.
    expect(orgs).toEqual([
      { name: 'Acme Sales', domain: 'acme.example' },
      { name: ctx.other.name, domain: ctx.other.domain },
      { name: expect.stringMatching(/^Newco\d+$/), domain: expect.stringMatching(/^newco\d+\.example$/) },
    ]);
  });
});
