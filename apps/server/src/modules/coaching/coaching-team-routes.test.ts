import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACHING_MESSAGES, type TCoachingPerson, type TCoachingTeam } from '@pipewise/contract/coaching';
import { users } from '../../db/schema';
import { createOtherWorkspace } from '../../../test/other-workspace';
import { findUser, signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCoachingCall, type CallFigures } from '../../../test/coaching-fixture';

/**
 * The Coaching page's data over the demo hierarchy (asha > vikram (admin) > rahul, priya, arjun;
 * asha > meera (a manager without admin rights) > kavya, rohan, sneha), with tara added under kavya
 * so a manager's team has three levels. The server's clock is fixed on Wednesday 2026-06-17, so the
 * default period is 2026-05-19 to 2026-06-17.
 */

const NOW = new Date('2026-06-17T12:00:00Z');
const ACME = (name: string) => `${name}@acme.example`;
const NAMES = ['asha', 'vikram', 'meera', 'rahul', 'priya', 'arjun', 'kavya', 'rohan', 'sneha', 'tara'] as const;
type Name = (typeof NAMES)[number];

let t: TestApp;
const s = {} as Record<Name, TestSession>;
const id = {} as Record<Name, string>;
let otherAdmin: TestSession;
const calls = {} as Record<string, string>;

/** A call's figures, the unmeasured ones null. */
const fig = (talk: number, mono: number, more: Partial<CallFigures> = {}): CallFigures => ({
  talk_ratio: talk,
  longest_monologue_seconds: mono,
  longest_monologue_start: more.longest_monologue_start ?? null,
  interactivity: 3,
  patience_seconds: null,
  questions: 12,
  questions_per_hour: 20,
  words_per_minute: 140,
  fillers_per_minute: null,
  ...more,
});

async function get<T>(who: TestSession, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });
  return { status: res.statusCode, body: res.json<T & { detail?: string }>() };
}
const team = (who: TestSession, query = '', headers: Record<string, string> = {}) =>
  get<TCoachingTeam>(who, `/api/coaching${query}`, headers);
const person = (who: TestSession, userId: string, query = '') => get<TCoachingPerson>(who, `/api/coaching/users/${userId}${query}`);
const rowOf = (answer: TCoachingTeam, name: Name) => answer.rows.find((r) => r.user_id === id[name]);

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => NOW, seededAt: new Date('2026-01-10T09:00:00Z') });
  const db = t.database.db;
  const kavya = await findUser(db, ACME('kavya'));
  await db.insert(users).values({
    organizationId: kavya.organizationId,
    email: ACME('tara'),
    firstName: 'Tara',
    lastName: 'Menon',
    role: 'user',
    reportsTo: kavya.id,
    isOnboarded: true,
  });
  for (const name of NAMES) {
    s[name] = await signIn(db, ACME(name));
    id[name] = s[name].userId;
  }
  const other = await createOtherWorkspace(db);
  otherAdmin = await signIn(db, other.emails.admin);

  const add = (key: string, uploader: Name, at: string, speakers: [Name, CallFigures][]) =>
    addCoachingCall(db, {
      title: key,
      uploader: { id: id[uploader], organizationId: kavya.organizationId, email: ACME(uploader) },
      recordedAt: new Date(at),
      speakers: speakers.map(([name, figures]) => ({ userId: id[name], figures })),
    }).then((recordingId) => (calls[key] = recordingId));
  // Rahul's own calls: week of 06-08 and week of 06-15, and one before the default period.
  await add('Rahul discovery', 'rahul', '2026-06-16T10:00:00Z', [
    ['rahul', fig(0.7, 120, { longest_monologue_start: 30, interactivity: 2, patience_seconds: 0.5, questions: 5, fillers_per_minute: 2 })],
  ]);
  await add('Rahul demo', 'rahul', '2026-06-09T10:00:00Z', [['rahul', fig(0.4, 60, { longest_monologue_start: 10, interactivity: 4 })]]);
  await add('Rahul in March', 'rahul', '2026-03-02T10:00:00Z', [['rahul', fig(0.1, 10)]]);
  // Priya's call ends the day in UTC but is the next morning in India.
  await add('Priya pricing', 'priya', '2026-06-10T20:00:00Z', [['priya', fig(0.3, 30, { questions: 13 })]]);
  // Kavya's call with Tara (three levels below Asha, two below Meera).
  await add('Kavya and Tara', 'kavya', '2026-06-11T10:00:00Z', [
    ['kavya', fig(0.5, 45)],
    ['tara', fig(0.2, 20, { questions: 2 })],
  ]);
  // Rohan uploaded a call Rahul spoke on: it counts for those who see Rohan's recordings, not for Rahul himself.
  await add('Joint call', 'rohan', '2026-06-12T10:00:00Z', [
    ['rohan', fig(0.6, 50)],
    ['rahul', fig(0.9, 200, { longest_monologue_start: 50 })],
  ]);
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/coaching: one row per person the caller sees', () => {
  it('a rep sees only themselves, over the calls they see (the last 30 days by default)', async () => {
    const { status, body } = await team(s.rahul);
    expect(status).toBe(200);
    expect({ from: body.from, to: body.to }).toEqual({ from: '2026-05-19', to: '2026-06-17' });
    expect(body.rows.map((r) => r.name)).toEqual(['Rahul Verma']);
    const rahul = body.rows[0]!;
    // Two calls of his own in the period; March's is outside it and Rohan's upload is not his to see.
    expect(rahul.calls).toBe(2);
    expect(rahul.figures.talk_ratio.value).toBeCloseTo(0.55, 6);
    expect(rahul.figures.talk_ratio.calls).toBe(2);
    expect(rahul.figures.longest_monologue.value).toBeCloseTo(90, 6);
    expect(rahul.figures.patience).toMatchObject({ calls: 1 });
    expect(rahul.figures.patience.value).toBeCloseTo(0.5, 6);
    expect(rahul.figures.questions).toMatchObject({ value: 8.5, calls: 2, out_of_band: true });
    expect(rahul.figures.fillers_per_minute).toMatchObject({ value: 2, calls: 1 });
    expect(JSON.stringify(body)).not.toContain(calls['Joint call']);
  });

  it('a manager without admin rights sees their whole subtree, three levels of it, and nobody else', async () => {
    const { body } = await team(s.meera);
    expect(body.rows.map((r) => r.user_id).sort()).toEqual([id.meera, id.kavya, id.rohan, id.sneha, id.tara].sort());
    expect(rowOf(body, 'tara')).toMatchObject({ calls: 1, name: 'Tara Menon', email: ACME('tara'), role: 'user' });
    expect(rowOf(body, 'sneha')!.calls).toBe(0);
    // A team lead sees themselves and the person below them.
    const lead = await team(s.kavya);
    expect(lead.body.rows.map((r) => r.user_id).sort()).toEqual([id.kavya, id.tara].sort());
  });

  it('an admin sees everyone, each call of the workspace counted, and the median of the people with calls', async () => {
    const { body } = await team(s.vikram);
    expect(body.rows.map((r) => r.user_id).sort()).toEqual(NAMES.map((n) => id[n]).sort());
    const rahul = rowOf(body, 'rahul')!;
    expect(rahul.calls).toBe(3);
    expect(rahul.figures.talk_ratio.value).toBeCloseTo((0.7 + 0.4 + 0.9) / 3, 6);
    // Above 65%: outside the band Gong's research ties to won deals.
    expect(rahul.figures.talk_ratio.out_of_band).toBe(true);
    expect(rowOf(body, 'priya')!.figures.talk_ratio.out_of_band).toBe(false);
    expect(rowOf(body, 'priya')!.figures.questions).toMatchObject({ value: 13, out_of_band: false });
    // Talk ratios of the five people with calls: 0.2, 0.3, 0.5, 0.6, 0.667; seven calls between them.
    expect(body.team_median.talk_ratio.value).toBeCloseTo(0.5, 6);
    expect(body.team_median.talk_ratio.calls).toBe(7);
    // Patience was measured on one call only: the median of one person's value.
    expect(body.team_median.patience).toMatchObject({ value: 0.5, calls: 1 });
    // People without calls are listed with nothing measured.
    expect(rowOf(body, 'asha')).toMatchObject({ calls: 0, figures: { talk_ratio: { value: null, calls: 0, out_of_band: false } } });
  });

  it('a period in the past, and one that holds only a call of March', async () => {
    const { body } = await team(s.rahul, '?from=2026-03-01&to=2026-03-31');
    expect(body.rows[0]).toMatchObject({ calls: 1, figures: { talk_ratio: { value: expect.closeTo(0.1, 6) as unknown } } });
    const empty = await team(s.vikram, '?from=2025-01-01&to=2025-01-31');
    expect(empty.body.rows.every((r) => r.calls === 0)).toBe(true);
    expect(empty.body.team_median.talk_ratio).toEqual({ value: null, calls: 0 });
  });

  it("reads days in the caller's time zone: their saved one, else their browser's, else UTC", async () => {
    const day = '?from=2026-06-10&to=2026-06-10';
    expect(rowOf((await team(s.priya, day)).body, 'priya')!.calls).toBe(1);
    // 20:00 UTC on the 10th is 01:30 on the 11th in India.
    expect(rowOf((await team(s.priya, day, { 'x-timezone': 'Asia/Kolkata' })).body, 'priya')!.calls).toBe(0);
    expect(rowOf((await team(s.priya, '?from=2026-06-11&to=2026-06-11', { 'x-timezone': 'Asia/Kolkata' })).body, 'priya')!.calls).toBe(1);
    await t.database.db.update(users).set({ timeZone: 'Asia/Kolkata' }).where(eq(users.id, id.priya));
    try {
      expect(rowOf((await team(s.priya, day, { 'x-timezone': 'UTC' })).body, 'priya')!.calls).toBe(0);
    } finally {
      await t.database.db.update(users).set({ timeZone: null }).where(eq(users.id, id.priya));
    }
  });

  it('refuses a period that is not one, with a message a person understands, 400', async () => {
    const cases: [string, string][] = [
      ['?from=2026-06-10&to=2026-06-01', COACHING_MESSAGES.reversed],
      ['?from=2025-01-01&to=2026-06-01', COACHING_MESSAGES.tooLong],
      // Without `to` the period ends today.
      ['?from=2020-01-01', COACHING_MESSAGES.tooLong],
      ['?from=2026-02-30', 'from must be a date as yyyy-mm-dd'],
      ['?to=yesterday', 'to must be a date as yyyy-mm-dd'],
    ];
    for (const [query, detail] of cases) {
      expect(await team(s.rahul, query), query).toMatchObject({ status: 400, body: { detail } });
      expect(await person(s.rahul, id.rahul, query), query).toMatchObject({ status: 400, body: { detail } });
    }
    // 366 days, both ends included, is the longest period.
    expect((await team(s.rahul, '?from=2025-06-01&to=2026-06-01')).status).toBe(200);
  });
});

describe("GET /api/coaching/users/{id}: one person's figures, trend and calls", () => {
  it('against the median of their manager’s team, with a week per Monday of the period and the best and worst calls', async () => {
    const { status, body } = await person(s.vikram, id.rahul);
    expect(status).toBe(200);
    expect(body.user).toEqual({ id: id.rahul, name: 'Rahul Verma', email: ACME('rahul'), role: 'user' });
    expect(body.calls).toBe(3);
    expect(body.figures.talk_ratio).toMatchObject({ calls: 3, out_of_band: true });
    // Vikram's team with calls: Rahul (0.667) and Priya (0.3).
    expect(body.team_median.talk_ratio.value).toBeCloseTo((0.3 + 2 / 3) / 2, 6);
    expect(body.team_median.talk_ratio.calls).toBe(4);
    expect(body.weeks.map((w) => [w.week, w.calls])).toEqual([
      ['2026-05-18', 0],
      ['2026-05-25', 0],
      ['2026-06-01', 0],
      ['2026-06-08', 2],
      ['2026-06-15', 1],
    ]);
    expect(body.weeks[0]!.figures.talk_ratio).toBeNull();
    expect(body.weeks[3]!.figures.talk_ratio).toBeCloseTo(0.65, 6);
    expect(body.weeks[4]!.figures.talk_ratio).toBeCloseTo(0.7, 6);
    const pick = (list: TCoachingPerson['best'], figure: string) => list.find((c) => c.figure === figure);
    // Nearest 43% is best, farthest worst.
    expect(pick(body.best, 'talk_ratio')).toMatchObject({ recording_id: calls['Rahul demo'], title: 'Rahul demo', at: null });
    expect(pick(body.worst, 'talk_ratio')).toMatchObject({ recording_id: calls['Joint call'], title: 'Joint call' });
    expect(pick(body.worst, 'talk_ratio')!.value).toBeCloseTo(0.9, 6);
    // The shortest longest monologue is best; each opens where the monologue starts.
    expect(pick(body.best, 'longest_monologue')).toMatchObject({ recording_id: calls['Rahul demo'], value: 60, at: 10 });
    expect(pick(body.worst, 'longest_monologue')).toMatchObject({ recording_id: calls['Joint call'], value: 200, at: 50 });
    expect(pick(body.best, 'longest_monologue')!.recorded_at).toBe('2026-06-09T10:00:00.000Z');
    // Questions: inside 11-14 is best (the latest of the two in band), 5 is worst.
    expect(pick(body.best, 'questions')).toMatchObject({ recording_id: calls['Joint call'], value: 12 });
    expect(pick(body.worst, 'questions')).toMatchObject({ recording_id: calls['Rahul discovery'], value: 5 });
    // A figure measured on one call has a best call, and no worst.
    expect(pick(body.best, 'patience')).toMatchObject({ recording_id: calls['Rahul discovery'], value: 0.5 });
    expect(pick(body.worst, 'patience')).toBeUndefined();
  });

  it('a rep sees their own page over the calls they see; a three-level team’s median for their manager', async () => {
    const own = await person(s.rahul, id.rahul);
    expect(own.status).toBe(200);
    expect(own.body.calls).toBe(2);
    expect(JSON.stringify(own.body)).not.toContain(calls['Joint call']);
    // A rep sees no one else's figures, but compares his with his manager's whole team's median, an
    // aggregate naming no one: Rahul over all three of his calls (0.667) and Priya (0.3).
    expect(own.body.team_median.talk_ratio.value).toBeCloseTo((0.3 + 2 / 3) / 2, 6);
    expect(JSON.stringify(own.body)).not.toContain('Priya');
    const tara = await person(s.meera, id.tara);
    expect(tara.body.calls).toBe(1);
    // Tara's team is Kavya's: Kavya 0.5 and Tara 0.2.
    expect(tara.body.team_median.talk_ratio.value).toBeCloseTo(0.35, 6);
    expect(tara.body.figures.questions).toMatchObject({ value: 2, out_of_band: true });
  });

  it('someone without a manager is measured against the workspace', async () => {
    const { body } = await person(s.asha, id.asha);
    expect(body.calls).toBe(0);
    expect(body.team_median.talk_ratio.value).toBeCloseTo(0.5, 6);
  });

  it('a person with no calls: every figure empty, no calls to open, every week empty', async () => {
    const { status, body } = await person(s.meera, id.sneha);
    expect(status).toBe(200);
    expect(body.calls).toBe(0);
    for (const figure of Object.values(body.figures)) expect(figure).toEqual({ value: null, calls: 0, out_of_band: false });
    expect(body.best).toEqual([]);
    expect(body.worst).toEqual([]);
    expect(body.weeks.every((w) => w.calls === 0 && Object.values(w.figures).every((v) => v === null))).toBe(true);
  });

  it('404 for anyone the caller does not see, as if they did not exist', async () => {
    const cases: [TestSession, string][] = [
      [s.rahul, id.priya],
      [s.kavya, id.rohan],
      [s.meera, id.rahul],
      [otherAdmin, id.rahul],
      [s.vikram, '00000000-0000-4000-8000-000000000000'],
      [s.vikram, 'not-a-person'],
    ];
    for (const [who, userId] of cases) {
      expect(await person(who, userId), `${who.email} -> ${userId}`).toEqual({
        status: 404,
        body: { detail: COACHING_MESSAGES.personNotFound },
      });
    }
    // Another workspace's admin sees none of Acme's people in their own table either.
    const theirs = await team(otherAdmin);
    expect(theirs.body.rows.some((r) => Object.values(id).includes(r.user_id))).toBe(false);
  });
});
