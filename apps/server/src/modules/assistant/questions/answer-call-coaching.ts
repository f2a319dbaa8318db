import type { TCallStatsBody } from '@pipewise/contract/coaching';
import { COACHING_BANDS, NO_SPEAKERS_TEXT } from '@pipewise/contract/coaching';
import type { CallWithPerson, PersonOnCall } from '../../recordings/recording-reads';
import { answer, fullName, percent, TALK_BAND_TEXT, title, userNamed, type CoachingDeps } from './answer-coaching';
import { count, day } from './answer-format';
import { meetingSource, type Answer, type AskContext } from './answer-kit';
import type { CoachingQuestion } from './coaching-question';
import type { Vocabulary } from './intents';
import { localDate } from './time-zone';

/**
 * The coaching answers about one call (answer-coaching.ts has those over a period): the questions asked on it, the
 * caller's talk ratio on it. The call is the latest the caller sees with someone of the name asked (or that account).
 */

const QUESTION_BAND = COACHING_BANDS.questions!;

/** Whose call it was: the person the question names (a contact, a user or a speaker's name), else the asker. */
async function callFilter(
  ctx: AskContext,
  deps: CoachingDeps,
  vocab: Vocabulary,
  withWhom: string | null,
  askerId: string,
): Promise<PersonOnCall> {
  if (!withWhom) {
    const me = vocab.owners.find((o) => o.id === askerId);
    return { names: me ? [fullName(me).toLowerCase()] : [], userIds: [askerId], contactIds: [] };
  }
  const found = await deps.named.find(ctx.caller, withWhom);
  const user = userNamed(vocab, withWhom);
  return {
    names: [...new Set([withWhom.toLowerCase(), ...found.contacts.map((c) => c.name.toLowerCase())])],
    userIds: user ? [user.id] : [],
    contactIds: found.contacts.map((c) => c.id),
  };
}

/** The latest call the caller sees with someone of that name on it, else with the account of that name ("Kaveri" is Kaveri Foods). */
async function latestCall(
  ctx: AskContext,
  deps: CoachingDeps,
  vocab: Vocabulary,
  withWhom: string | null,
  askerId: string,
): Promise<CallWithPerson | null> {
  const [call] = await deps.recordings.callsWithPerson(ctx.caller, await callFilter(ctx, deps, vocab, withWhom, askerId), 1);
  if (call || !withWhom) return call ?? null;
  const companies = await deps.companies.named(ctx.caller, withWhom);
  if (companies.length === 0) return null;
  const [meeting] = await deps.recordings.latestForCompanies(
    ctx.caller,
    companies.map((c) => c.id),
    1,
  );
  return meeting ? { id: meeting.id, title: meeting.title, at: meeting.at, person: meeting.company } : null;
}

/** The latest call with someone, named and linked, and its statistics; else the answer that says why there are none. */
async function callBody(
  ctx: AskContext,
  deps: CoachingDeps,
  vocab: Vocabulary,
  withWhom: string | null,
  askerId: string,
): Promise<{ answer: Answer } | { named: string; source: Answer['sources']; body: TCallStatsBody & { questions: number } }> {
  const call = await latestCall(ctx, deps, vocab, withWhom, askerId);
  if (!call)
    return {
      answer: answer(
        withWhom ? `I could not find a call with ${title(withWhom)} among the calls you can see.` : 'I could not find a call of yours.',
      ),
    };
  const named = `${call.title} (${day(localDate(new Date(call.at), ctx.zone))}${withWhom && call.person ? `, with ${call.person}` : ''})`;
  const source = [meetingSource({ id: call.id, title: call.title })];
  const stats = await deps.coaching.callStats(ctx.caller, call.id);
  if (!stats || stats.state === 'processing')
    return { answer: answer(`The statistics of ${named} are not ready yet; they are worked out once its transcript is.`, source) };
  if (stats.state === 'no_transcript' || !stats.stats)
    return { answer: answer(`${named} has no transcript, so I cannot tell who said what on it.`, source) };
  const body = stats.stats;
  if (body.speaker_source === 'none' || body.questions === null) return { answer: answer(`${named}: ${NO_SPEAKERS_TEXT}`, source) };
  return { named, source, body: { ...body, questions: body.questions } };
}

/** "How many questions did I ask on the call with Kaveri": the latest such call the caller sees, from its statistics. */
export async function answerCallQuestions(
  ctx: AskContext,
  deps: CoachingDeps,
  vocab: Vocabulary,
  q: Extract<CoachingQuestion, { kind: 'call_questions' }>,
): Promise<Answer> {
  const colleague = q.asker !== 'me' && q.asker !== 'team' ? userNamed(vocab, q.asker) : null;
  if (q.asker !== 'me' && q.asker !== 'team' && !colleague)
    return answer(`I could not find anyone named "${title(q.asker)}" among the people whose calls you can see.`);
  const found = await callBody(ctx, deps, vocab, q.with, colleague?.id ?? ctx.caller.id);
  if ('answer' in found) return found.answer;
  const { named, source, body } = found;
  const askerId = colleague?.id ?? ctx.caller.id;
  const how =
    body.question_source === 'forms' ? ' Its transcript has no punctuation, so questions were read from how each passage begins.' : '';
  const band = `Gong Labs ties ${QUESTION_BAND.low} to ${QUESTION_BAND.high} questions on a discovery call to success.`;
  const team = `The team's side asked ${count(body.questions, 'question')} in all.`;
  if (q.asker === 'team')
    return answer(`Your team's side asked ${count(body.questions, 'question')} on ${named}, the latest such call.${how}\n${band}`, source);
  const mine = body.people.filter((p) => p.user_id === askerId);
  const who = colleague ? fullName(colleague) : 'You';
  if (mine.length === 0)
    return answer(
      `${colleague ? `${who} is` : 'You are'} not among the speakers of ${named} as its speakers are mapped, so I cannot count ` +
        `${colleague ? 'their' : 'your'} questions. ${team} Map a speaker to a person in the meeting's participants list.`,
      source,
    );
  const asked = mine.reduce((sum, p) => sum + p.questions, 0);
  return answer(`${who} asked ${count(asked, 'question')} on ${named}, the latest such call.${how} ${team}\n${band}`, source);
}

/** "What was my talk ratio on the call with Kaveri": the caller's share of that call's talk, and the team side's. */
export async function answerCallTalk(
  ctx: AskContext,
  deps: CoachingDeps,
  vocab: Vocabulary,
  q: Extract<CoachingQuestion, { kind: 'call_talk' }>,
): Promise<Answer> {
  const found = await callBody(ctx, deps, vocab, q.with, ctx.caller.id);
  if ('answer' in found) return found.answer;
  const { named, source, body } = found;
  const mine = body.people.filter((p) => p.user_id === ctx.caller.id);
  const team = body.sides ? ` The team's side talked ${percent(body.sides.team.talk_ratio)} of the time.` : '';
  if (mine.length === 0) return answer(`You are not among the speakers of ${named} as its speakers are mapped.${team}`, source);
  const ratio = mine.reduce((sum, p) => sum + p.talk_ratio, 0);
  return answer(`Your talk ratio on ${named} was ${percent(ratio)}, on that one call.${team}\n${TALK_BAND_TEXT}`, source);
}
