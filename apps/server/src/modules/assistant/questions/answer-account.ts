import type { TChatSource } from '@pipewise/contract/assistant';
import { clip, count, day, joinWords } from './answer-format';
import { accountIds, dealSource, meetingSource, meetingView, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import { localDate } from './time-zone';

const names = (ctx: AskContext) => joinWords(ctx.account!.companies.map((c) => c.name));

/** The sentence when an account question names no account. */
export const whichAccount: Answer = {
  text: "I could not tell which account you mean. Ask again starting with 'For account {account name}: '.",
  sources: [],
  results: [],
};

/** What was discussed in the latest recorded meetings of the account's deals, newest first. */
export async function answerLastMeeting(ctx: AskContext, deps: AnswerDeps): Promise<Answer> {
  if (!ctx.account) return whichAccount;
  const meetings = await deps.recordings.latestForCompanies(ctx.caller, accountIds(ctx)!, 3);
  if (meetings.length === 0) return { text: `I could not find any recorded meetings with ${names(ctx)}.`, sources: [], results: [] };
  const [last, ...earlier] = meetings;
  const when = (at: string) => day(localDate(new Date(at), ctx.zone));
  const lines = [
    `The last meeting with ${last!.company ?? names(ctx)} was "${last!.title}" on ${when(last!.at)}` +
      `${last!.dealName ? ` (deal: ${last!.dealName})` : ''}.`,
  ];
  lines.push(last!.summary ? `Summary: ${clip(last!.summary, 600)}` : 'It has no summary yet.');
  if (last!.keyPoints.length) lines.push('Key points:', ...last!.keyPoints.slice(0, 8).map((k) => `- ${clip(k, 200)}`));
  if (last!.sentiment) lines.push(`Sentiment: ${last!.sentiment}.`);
  if (earlier.length) lines.push(`Earlier meetings: ${earlier.map((m) => `"${m.title}" (${when(m.at)})`).join(', ')}.`);
  return { text: lines.join('\n'), sources: meetings.map(meetingSource), results: meetings.map(meetingView) };
}

/** The account's pain points (from its deals) and decision makers (deal kdm and stakeholders). */
export async function answerAccountPeople(
  ctx: AskContext,
  deps: AnswerDeps,
  want: { painpoints: boolean; decisionMakers: boolean },
): Promise<Answer> {
  if (!ctx.account) return whichAccount;
  const set = await deps.dealSets.find(ctx.caller, {
    owners: [],
    stages: [],
    pipelines: [],
    close: null,
    search: null,
    companyIds: accountIds(ctx),
    order: 'amount_desc',
    limit: 20,
  });
  if (set.deals.length === 0) return { text: `I could not find any deals with ${names(ctx)} that you can see.`, sources: [], results: [] };
  const lines = [`${names(ctx)}: ${count(set.total, 'deal')} you can see.`];
  const sources: TChatSource[] = set.deals.map(dealSource);
  if (want.painpoints) {
    const pains = new Map<string, string[]>();
    for (const d of set.deals)
      if (d.painpoints?.trim()) pains.set(d.painpoints.trim(), [...(pains.get(d.painpoints.trim()) ?? []), d.dealname]);
    lines.push(pains.size ? 'Pain points:' : 'No pain points are recorded on these deals.');
    for (const [pain, deals] of pains)
      lines.push(`- ${clip(pain, 300)} (${joinWords(deals.slice(0, 3))}${deals.length > 3 ? ` and ${deals.length - 3} more` : ''})`);
  }
  if (want.decisionMakers) {
    const kdms = new Map<string, string[]>();
    for (const d of set.deals) if (d.kdm?.trim()) kdms.set(d.kdm.trim(), [...(kdms.get(d.kdm.trim()) ?? []), d.dealname]);
    lines.push(kdms.size ? 'Key decision makers:' : 'No key decision maker is recorded on these deals.');
    for (const [kdm, deals] of kdms)
      lines.push(`- ${kdm} (${joinWords(deals.slice(0, 3))}${deals.length > 3 ? ` and ${deals.length - 3} more` : ''})`);
    const people = await deps.deals.stakeholders(set.deals.map((d) => d.id));
    const seen = new Set<string>();
    const unique = people.filter((p) => !seen.has(p.contactId) && seen.add(p.contactId));
    if (unique.length) {
      lines.push('Stakeholders:');
      for (const p of unique.slice(0, 10))
        lines.push(`- ${p.name}${p.position ? `, ${p.position}` : ''}${p.jobtitle ? ` (${p.jobtitle})` : ''} on ${p.dealName}`);
      sources.push(...unique.slice(0, 10).map((p): TChatSource => ({ type: 'contact', id: p.contactId, label: p.name, url: null })));
    }
  }
  return { text: lines.join('\n'), sources, results: [] };
}
