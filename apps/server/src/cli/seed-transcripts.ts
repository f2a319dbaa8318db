import type { prng } from './seed-crm';

/**
 * The demo recordings' speaker-named transcripts, generated from templates with the seed's
 * deterministic random source: who speaks (the uploader and the deal company's contacts by name),
 * what they say (scenes of a sales call: pains, rollout, integration, security review, pricing and
 * its objections, competitors, the decision maker, a close date, a stage move, action items), and
 * when (times from words per second and pauses). Each uploader has a speaking style, so talk ratios,
 * monologues, questions and pauses differ from person to person as they do in real teams.
 */

type Random = ReturnType<typeof prng>;

/** How a seller talks on calls: what coaching statistics later read from the segments. */
export type SpeakingStyle = {
  /** Probability that a seller's turn grows into a pitch of several sentences. */
  monologue: number;
  /** Probability of a follow-up question after a customer's turn. */
  questions: number;
  /** Probability that a customer's turn gets a sentence or two more (a seller who lets them talk). */
  customerTalk: number;
  /** Words per second of the seller. */
  pace: number;
  /** Ordinary pause between turns, in seconds (min, max). */
  pause: [number, number];
  /** Probability of a long silence (3 to 8 s) before a turn. */
  longPause: number;
};

/** The nine demo users' styles, by email; anyone else gets the balanced one. */
export const SPEAKING_STYLES: Record<string, SpeakingStyle> = {
  // A seasoned closer who pitches at length and asks little.
  'rahul@acme.example': { monologue: 0.55, questions: 0.15, customerTalk: 0.2, pace: 2.9, pause: [0.3, 1.2], longPause: 0.03 },
  // Consultative: asks, listens.
  'priya@acme.example': { monologue: 0.1, questions: 0.6, customerTalk: 0.85, pace: 2.5, pause: [0.5, 1.6], longPause: 0.06 },
  // New to the team: long explanations and long silences.
  'arjun@acme.example': { monologue: 0.6, questions: 0.15, customerTalk: 0.15, pace: 2.3, pause: [0.8, 2.4], longPause: 0.18 },
  // A listener: short turns, many questions.
  'kavya@acme.example': { monologue: 0.03, questions: 0.7, customerTalk: 0.95, pace: 2.6, pause: [0.4, 1.4], longPause: 0.05 },
  // Fast and talkative.
  'rohan@acme.example': { monologue: 0.65, questions: 0.1, customerTalk: 0.1, pace: 3.1, pause: [0.2, 0.8], longPause: 0.02 },
  'sneha@acme.example': { monologue: 0.2, questions: 0.5, customerTalk: 0.45, pace: 2.7, pause: [0.3, 1.0], longPause: 0.04 },
  // Managers: balanced, strategic.
  'meera@acme.example': { monologue: 0.3, questions: 0.35, customerTalk: 0.4, pace: 2.6, pause: [0.5, 1.5], longPause: 0.08 },
  'vikram@acme.example': { monologue: 0.08, questions: 0.45, customerTalk: 0.75, pace: 2.4, pause: [0.6, 2.0], longPause: 0.12 },
  'asha@acme.example': { monologue: 0.25, questions: 0.3, customerTalk: 0.35, pace: 2.5, pause: [0.7, 1.8], longPause: 0.1 },
};

const BALANCED: SpeakingStyle = { monologue: 0.3, questions: 0.3, customerTalk: 0.3, pace: 2.6, pause: [0.4, 1.4], longPause: 0.06 };

export const styleOf = (email: string): SpeakingStyle => SPEAKING_STYLES[email] ?? BALANCED;

export const SCENARIOS = [
  'discovery',
  'pricing',
  'demo',
  'renewal',
  'implementation',
  'review',
  'executive',
  'security',
  'integration',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** What a transcript is written around: the people and the deal. */
export type TranscriptInput = {
  scenario: Scenario;
  style: SpeakingStyle;
  /** The uploader's full name. */
  seller: string;
  /** The deal company's contacts (full name and job title), the main one first; at least one. */
  customers: { name: string; title: string | null }[];
  /** Company name as people say it ('Kaveri Foods'). */
  company: string;
  /** What is being sold ('Dealer portal'). */
  product: string;
  /** The deal's amount in rupees, if it has one. */
  amount: number | null;
  /** The deal's decision maker: a contact's name and title. */
  decisionMaker: { name: string; title: string | null };
  /** The next open stage of the deal's pipeline, if any: the call's forward move. */
  nextStage: string | null;
  /** When the call was held: dates said in it are read from there. */
  recordedAt: Date;
};

export type DemoSegment = { seq: number; startSeconds: number; endSeconds: number; speaker: string; text: string };

/** Who says a line: the seller, the main customer, or another customer on the call. */
type Who = 'S' | 'C' | 'O';
type Line = [Who, string];
type Scene = Line[][];

/** The competitors the demo's customers name: also the demo workspace's competitor list (Settings). */
export const COMPETITORS = ['Salesforce', 'Zoho CRM', 'Freshsales', 'LeadSquared', 'HubSpot Sales Hub'];
const PAINS = [
  'our managers rebuild the forecast from spreadsheets every Monday',
  'follow-ups slip because nobody remembers the next steps agreed on calls',
  'field reps avoid the old CRM because it is slow on mobile networks',
  'dealer orders arrive over WhatsApp and get keyed into the ERP twice',
  'when a rep leaves, the customer history leaves with them',
  'renewal dates live in email reminders and two contracts lapsed last year',
];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The seller's pitch sentences: a monologue is made of these. */
const PITCH = [
  'Every call is transcribed and summarised, so the next steps are on the deal before you are back at your desk.',
  'Managers see the pipeline of their whole team in one place, stage by stage.',
  'The assistant answers questions about your deals in plain English, even on WhatsApp.',
  'Reps get a morning digest of their calls and the tasks that are due.',
  'Access follows your sales hierarchy, so a rep sees their own deals and a manager sees the team.',
  'We have customers in manufacturing and logistics with very similar branch structures.',
  'The mobile screens work well on patchy networks, which matters for field teams.',
  'Onboarding usually takes two to three weeks, with training for the whole sales team.',
  'Reports are built from live data, so nobody merges spreadsheets before the forecast meeting.',
  'Your data stays in the India region, and every change is recorded in the deal history.',
];
/** What a customer adds on a call that is going badly. */
const CUSTOMER_UPSET = [
  'Frankly, our team is frustrated and disappointed with the support.',
  'The failures cost us money and our director was angry about it.',
  'We have had too many problems to ignore, it has been a terrible quarter for the team.',
  'Nobody trusts the data anymore, which is a serious problem.',
  'The reps hate the tool right now, it feels broken and useless to them.',
  'It was an awful experience, the worst outage we had this year.',
];
/** Follow-up questions a seller asks. */
const QUESTIONS = [
  'How do you handle that today?',
  'Who else on your side should be part of this conversation?',
  'What would success look like for you in the first ninety days?',
  'How many people would use it from day one?',
  'What happens if nothing changes this year?',
  'Is that the biggest issue, or is there something behind it?',
  'How are decisions like this usually made at your company?',
  'What did you like about the tools you tried before?',
];
/** Short customer answers to those questions. */
const ANSWERS = [
  'Mostly by hand, to be honest, and it takes a lot of time.',
  'Probably our operations head, she owns the process.',
  'Fewer missed follow-ups and a forecast we can trust.',
  'About forty people at first, more after the pilot.',
  'We keep losing deals we should have won.',
  'That is the main one, the rest follows from it.',
  'The department head proposes it and finance approves it.',
  'They were easy to start with but nobody kept them updated.',
];
/** What a customer adds when given room to talk. */
const CUSTOMER_MORE = [
  'Last quarter we missed two large orders because of that.',
  'Our team is spread across five branches, so it gets messy.',
  'We tried fixing it with a shared sheet but people stopped updating it.',
  'The regional heads complain about it in every review.',
  'I should add that our IT team is small, so whatever we pick has to be simple.',
  'Our sales director raised the same point last week.',
];

/** The scenes of each kind of call, in order; each scene has a few wordings, one picked per call. */
const SCENES: Record<string, Scene> = {
  open: [
    [
      ['S', 'Good morning {cFirst}, thanks for making the time today.'],
      ['C', 'Good morning {sFirst}, happy to be here. {oFirst} from our side has joined as well.'],
    ],
    [
      ['S', 'Hi {cFirst}, thank you for joining, I know this week is busy for you.'],
      ['C', 'No problem at all, we were looking forward to this call.'],
    ],
    [
      ['S', 'Hello everyone, thanks for joining. Can you all hear me clearly?'],
      ['C', 'Yes, loud and clear. Let us get started.'],
    ],
  ],
  agenda: [
    [['S', 'Today I would like to understand your current process, show how {product} fits, and agree on next steps.']],
    [['S', 'The plan for today is a quick recap, then the open questions, and then we agree what happens next.']],
  ],
  pain: [
    [
      ['S', 'What is the biggest problem your team is facing right now?'],
      ['C', 'Our biggest problem is that {pain}.'],
    ],
    [
      ['S', 'Walk me through what hurts most in the current process.'],
      ['C', 'Honestly, the pain point is that {pain}, and it costs us deals.'],
    ],
  ],
  pain2: [[['O', 'There is another issue: {pain2}.']], [['C', 'And on top of that, {pain2}.']]],
  rollout: [
    [
      ['C', 'How would the rollout work across our branches?'],
      ['S', 'We usually start the rollout with one region for four weeks, then the remaining branches in two phases.'],
      ['C', 'A phased rollout makes sense for us, starting with the Pune branch.'],
    ],
    [
      ['S', 'For the rollout, I suggest a pilot with one team first and the full rollout after the review.'],
      ['O', 'Our concern with the rollout is training, our reps are not very technical.'],
      ['S', 'Training is part of the rollout plan, with short sessions in the first two weeks.'],
    ],
  ],
  integration: [
    [
      ['O', 'The integration with our ERP is critical. Can it push orders into Tally or SAP?'],
      ['S', 'Yes, the integration syncs deals and orders both ways, and our team sets it up with your IT.'],
    ],
    [
      ['C', 'We need the integration with our existing email and calendar, otherwise nobody will use it.'],
      ['S', 'The calendar and email integration is built in, and meetings are linked to deals automatically.'],
    ],
  ],
  integrationObj: [
    [['O', 'I am worried the integration will break, the last vendor never got the sync working.']],
    [['C', 'Frankly, integration problems are our biggest risk, we had outages with the previous tool.']],
  ],
  security: [
    [
      ['O', 'Before anything is signed, our IT team needs a security review of the platform.'],
      ['S', 'Of course. I can share the security questionnaire answers and the data residency details for the review.'],
    ],
    [
      ['C', 'Security is a big topic for us: single sign-on, access rules and where the data is hosted.'],
      ['S', 'We support single sign-on, access follows your hierarchy, and the data is hosted in India.'],
    ],
  ],
  securityObj: [
    [['O', 'Our security team will not sign off until the security review is complete and the audit report is shared.']],
    [['C', 'Compliance is a concern for us, we cannot move without the security audit.']],
  ],
  pricing: [
    [
      ['S', 'For {seats} seats with onboarding included, the price comes to {amount} for the first year.'],
      ['C', 'The price is higher than we expected, to be honest.'],
    ],
    [
      ['S', 'On pricing, the proposal is {amount} per year, billed quarterly.'],
      ['C', 'That pricing is too expensive for us right now.'],
    ],
  ],
  budget: [
    [['C', 'Our budget for this year is limited and the annual commitment worries us.']],
    [['O', 'We only have budget for about half of that until the new financial year.']],
  ],
  discount: [
    [
      ['S', 'If you sign for two years we can remove the onboarding fee, which brings it to {amount2}.'],
      ['C', 'That is closer. {amount2} could work if the terms are right.'],
    ],
    [
      ['S', 'We could start with fewer seats at {amount2} and add the managers next quarter.'],
      ['C', 'Starting smaller at {amount2} sounds reasonable.'],
    ],
  ],
  competitor: [
    [['C', 'We are also evaluating {competitor}, and their quote is lower.']],
    [['O', 'To be transparent, {competitor} offered us a lower price, although their reporting is weaker.']],
  ],
  decision: [
    [['C', '{dm}, our {dmTitle}, makes the final decision on this.']],
    [['O', 'The decision maker is {dm}, our {dmTitle}, so we will need {dmFirst} on the next call.']],
  ],
  authority: [
    [['C', 'I cannot commit to anything without approval from {dm}.']],
    [['C', 'I need to check with {dm} before we agree, {dmFirst} signs off on every contract.']],
  ],
  timing: [
    [['C', 'The timing is difficult, we cannot start before next quarter because of the audit season.']],
    [['O', 'Honestly this is not a priority until the new financial year, the timing does not work for us.']],
  ],
  close: [
    [['C', 'If the review goes well, we are aiming to sign by {closeDate}.']],
    [['C', 'We would like to close this by {closeDate}, before the budget cycle ends.']],
  ],
  stage: [
    [['S', 'Based on today, I think we are ready to move this to {nextStage}.']],
    [
      ['S', 'It sounds like the next stage is {nextStage}, do you agree?'],
      ['C', 'Yes, let us move to {nextStage}.'],
    ],
  ],
  actions: [
    [
      ['S', "I'll send the revised quote by {stepDay}."],
      ['C', "And I'll share the list of pilot users with you this week."],
    ],
    [
      ['S', "I'll send the security documents and the rollout plan to {cFirst} tomorrow."],
      ['O', "I'll set up a call with our IT team for next week."],
    ],
    [
      ['S', "I'll share the proposal by {stepDay}, with the integration scope written out."],
      ['C', "I'll send you our current process document today."],
    ],
  ],
  next: [
    [['S', 'Next step: a follow-up call with {dm} on {stepDate} to review the proposal.']],
    [['S', 'Next step: we run the security review with your IT team on {stepDate}.']],
    [['C', 'Next step from our side is a demo for the branch heads on {stepDate}.']],
  ],
  demo: [
    [
      ['S', 'Let me share my screen and show the deal timeline first.'],
      ['C', 'This is great, the team will really like the timeline and the meeting summaries.'],
      ['O', 'Can managers see the meetings of their team?'],
      ['S', 'Yes, managers see the recordings and insights of everyone who reports to them.'],
    ],
    [
      ['S', 'Here is the assistant: you type a sentence and it proposes the update to the deal.'],
      ['C', 'That is impressive, our reps would love not filling forms after every call.'],
    ],
  ],
  complaint: [
    [
      ['C', 'Adoption dropped after the sync broke twice last month.'],
      ['O', 'We lost a full day of orders each time and support took three days to answer, which was unacceptable.'],
      ['S', 'I understand, and I am sorry. We fixed the sync failures and added monitoring.'],
      ['C', 'Unless the problems stay fixed, we cannot justify the renewal to finance.'],
    ],
  ],
  results: [
    [
      ['S', 'Win rates improved from twenty two to thirty one percent this quarter.'],
      ['C', 'That is excellent, finance is happy with the forecast accuracy too.'],
    ],
    [
      ['S', 'Your team logged every call this quarter and the sales cycle is nine days shorter.'],
      ['C', 'Great results, the regional heads noticed the difference.'],
    ],
  ],
  expansion: [
    [
      ['C', 'We would like to expand the rollout to the customer success team.'],
      ['S', 'Wonderful, I will price the expansion at {amount2} for the additional seats.'],
    ],
  ],
  success: [
    [
      ['S', 'The goal of this call is to agree the success criteria for the pilot.'],
      ['C', 'Success means forecast accuracy within ten percent and weekly use by every rep.'],
    ],
  ],
  recap: [
    [['S', 'Quick recap: last time we agreed on the scope for {product} and you reviewed the proposal with finance.']],
    [['S', 'Since our last call, your team has been using the pilot for two weeks.']],
  ],
  wrapGood: [
    [
      ['S', 'Thanks everyone, this was a great discussion.'],
      ['C', 'Thank you {sFirst}, really helpful. Talk soon.'],
    ],
  ],
  wrapBad: [
    [
      ['S', 'Thank you for the honest feedback, we will fix this.'],
      ['C', 'We will see. Let us review again in two weeks.'],
    ],
  ],
  wrap: [
    [
      ['S', 'Thanks for your time today.'],
      ['C', 'Thanks, bye.'],
    ],
  ],
};

/** The middle of a call: exchanges on how the customer works, several per call ('deep' in a plan). */
const DEEP: Line[][] = [
  [
    ['S', 'How do your managers review the pipeline today?'],
    ['C', 'Every Monday they go branch by branch on a call, and it takes most of the morning.'],
    ['S', 'With the dashboard they would see every stage and owner before that call starts.'],
  ],
  [
    ['S', 'How many of your reps work mostly from the field?'],
    ['O', 'Around two thirds, they visit dealers and distributors all day.'],
    ['S', 'Then the mobile screens and the WhatsApp assistant will matter most for them.'],
  ],
  [
    ['C', 'Can we bring in our existing customer data?'],
    ['S', 'Yes, we import companies, contacts and open deals from a spreadsheet or your old CRM.'],
    ['O', 'We have about eight thousand contacts, some of them duplicates.'],
    ['S', 'The import flags duplicates by email and domain so your team can merge them.'],
  ],
  [
    ['S', 'Who owns the reporting for the leadership team?'],
    ['C', 'Our sales operations manager, she builds the monthly deck.'],
  ],
  [
    ['O', 'How are the recordings stored, and who can listen to them?'],
    ['S', 'Recordings stay in your workspace, visible to the rep, their managers and the admins.'],
  ],
  [
    ['C', 'What happens to the notes when a rep leaves?'],
    ['S', 'Everything stays on the deal: notes, calls, tasks and the history of every change.'],
  ],
  [
    ['S', 'How do you track follow-ups after a call today?'],
    ['C', 'Mostly in personal notebooks and reminders on the phone.'],
    ['S', 'After each call the next steps become tasks with due dates, so nothing is lost.'],
  ],
  [
    ['O', 'Do you support GST compliant quotations?'],
    ['S', 'Quotations can carry your GST details, and finance can review the templates.'],
  ],
  [
    ['S', 'What does a typical sales cycle look like for you?'],
    ['C', 'Between six and ten weeks for a new dealer, longer for large accounts.'],
  ],
  [
    ['C', 'How long does training take for a new rep?'],
    ['S', 'A new rep is productive after one session of about ninety minutes.'],
  ],
  [
    ['S', 'Which reports does your board look at?'],
    ['O', 'Revenue by region, the forecast for the quarter and the win rate.'],
  ],
  [
    ['C', 'Can managers coach reps from the recordings?'],
    ['S', 'Yes, managers can open any call of their team and jump to the moment that matters.'],
  ],
];

const PLANS: Record<Scenario, string[]> = {
  discovery: [
    'open',
    'agenda',
    'pain',
    'pain2',
    'rollout',
    'integration',
    'competitor',
    'decision',
    'close',
    'stage',
    'deep',
    'actions',
    'next',
    'wrapGood',
  ],
  pricing: ['open', 'recap', 'pricing', 'budget', 'competitor', 'authority', 'discount', 'close', 'deep', 'actions', 'next', 'wrap'],
  demo: ['open', 'agenda', 'demo', 'integration', 'security', 'pricing', 'stage', 'deep', 'actions', 'next', 'wrapGood'],
  renewal: ['open', 'recap', 'complaint', 'integrationObj', 'timing', 'pricing', 'authority', 'actions', 'next', 'wrapBad'],
  implementation: ['open', 'agenda', 'rollout', 'integration', 'security', 'timing', 'deep', 'actions', 'next', 'wrap'],
  review: ['open', 'results', 'rollout', 'expansion', 'decision', 'close', 'deep', 'actions', 'wrapGood'],
  executive: ['open', 'agenda', 'success', 'decision', 'authority', 'close', 'timing', 'stage', 'deep', 'actions', 'next', 'wrap'],
  security: ['open', 'agenda', 'security', 'securityObj', 'integration', 'decision', 'competitor', 'deep', 'actions', 'next', 'wrap'],
  integration: ['open', 'pain', 'integration', 'integrationObj', 'rollout', 'pricing', 'budget', 'deep', 'actions', 'next', 'wrap'],
};

const lakh = (rupees: number) => {
  const l = Math.max(1, Math.round(rupees / 50_000) / 2);
  return `₹${Number.isInteger(l) ? l : l.toFixed(1)} lakh`;
};
const first = (name: string) => name.split(' ')[0]!;
const dayMonth = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** One call's segments, its speaker-named text ("Name: text" lines) and its plain words. */
export function demoTranscript(input: TranscriptInput, rand: Random): { segments: DemoSegment[]; transcription: string; plain: string } {
  const { style, seller, customers } = input;
  const main = customers[0]!;
  const other = customers[1] ?? main;
  const amount = input.amount ?? rand.int(8, 60) * 100_000;
  const pains = [...PAINS].sort(() => rand.next() - 0.5);
  const vars: Record<string, string> = {
    sFirst: first(seller),
    cFirst: first(main.name),
    oFirst: first(other.name),
    product: input.product.toLowerCase(),
    pain: pains[0]!,
    pain2: pains[1]!,
    seats: String(rand.int(3, 12) * 10),
    amount: lakh(amount),
    amount2: lakh(amount * (0.75 + rand.next() * 0.15)),
    competitor: rand.pick(COMPETITORS),
    dm: input.decisionMaker.name,
    dmFirst: first(input.decisionMaker.name),
    dmTitle: input.decisionMaker.title ?? 'Managing Director',
    nextStage: input.nextStage ?? '',
    closeDate: dayMonth(addDays(input.recordedAt, rand.int(21, 75))),
    stepDay: WEEKDAYS[addDays(input.recordedAt, rand.int(2, 5)).getUTCDay()]!,
    stepDate: dayMonth(addDays(input.recordedAt, rand.int(4, 14))),
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

  // The turns: scenes in order, grown by the seller's style.
  const turns: { who: Who; sentences: string[] }[] = [];
  const say = (who: Who, text: string) => {
    const last = turns.at(-1);
    if (last && last.who === who) last.sentences.push(text);
    else turns.push({ who, sentences: [text] });
  };
  const upset = input.scenario === 'renewal';
  const deep = [...DEEP].sort(() => rand.next() - 0.5).slice(0, rand.int(4, 7));
  for (const name of PLANS[input.scenario]) {
    if (name === 'stage' && !input.nextStage) continue;
    const aside = !/^(open|wrap)/.test(name);
    for (const [who, text] of name === 'deep' ? deep.flat() : rand.pick(SCENES[name]!)) {
      say(who, fill(text));
      if (who === 'S' && aside && !upset && rand.next() < style.monologue) {
        const pitch = [...PITCH].sort(() => rand.next() - 0.5);
        for (let k = rand.int(3, 6); k > 0; k--) say('S', pitch[k]!);
      }
      if (who !== 'S' && aside) {
        if (upset) say(who, rand.pick(CUSTOMER_UPSET));
        else if (rand.next() < style.customerTalk) say(who, rand.pick(CUSTOMER_MORE));
        if (rand.next() < style.questions) {
          const i = rand.int(0, QUESTIONS.length - 1);
          say('S', QUESTIONS[i]!);
          say(rand.next() < 0.7 ? 'C' : 'O', ANSWERS[i]!);
        }
      }
    }
  }

  // Times: each speaker's pace, the pauses between turns.
  const segments: DemoSegment[] = [];
  let clock = 2 + rand.int(0, 6);
  for (const turn of turns) {
    const speaker = turn.who === 'S' ? seller : turn.who === 'C' ? main.name : other.name;
    const text = turn.sentences.join(' ');
    const pace = turn.who === 'S' ? style.pace : 2.4 + rand.next() * 0.4;
    const length = round1(Math.max(1.2, (words(text) / pace) * (0.9 + rand.next() * 0.2)));
    const startSeconds = round1(clock);
    segments.push({ seq: segments.length, startSeconds, endSeconds: round1(startSeconds + length), speaker, text });
    const [low, high] = style.pause;
    const gap = rand.next() < style.longPause ? 3 + rand.next() * 5 : low + rand.next() * (high - low);
    clock = startSeconds + length + gap;
  }
  return {
    segments,
    transcription: segments.map((s) => `${s.speaker}: ${s.text}`).join('\n'),
    plain: segments.map((s) => s.text).join(' '),
  };
}
