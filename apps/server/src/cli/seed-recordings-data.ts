/** The demo workspace's meeting recordings: who held them, and what was said. */
export type DemoRecording = {
  uploader: string;
  kind: 'call' | 'video';
  title: string;
  daysAgo: number;
  durationMinutes: number;
  /** How the customer contacts answered the invitation, in order. */
  responses: ('accepted' | 'declined' | 'needsAction' | 'tentative')[];
  transcript: string;
};

export const DEMO_RECORDINGS: DemoRecording[] = [
  {
    uploader: 'rahul@acme.example',
    kind: 'video',
    title: 'Discovery call',
    daysAgo: 2,
    durationMinutes: 34,
    responses: ['accepted', 'accepted'],
    transcript: [
      'Thanks for making the time today, we are excited to learn more about your team.',
      'Today our sales managers merge three spreadsheets every Monday before the forecast meeting.',
      'The forecast is often wrong because deal stages are updated late.',
      'We would love a dashboard that shows every deal and its stage in one place.',
      'Our reps also forget the next steps agreed on calls, so follow-ups slip.',
      'Meeting summaries with key points would help the reps remember those next steps.',
      'Security matters to our IT team, so they need single sign-on and clear access rules.',
      'Recordings are visible to the rep, their managers and the workspace admins only.',
      'That works well for us and matches our sales hierarchy.',
      'A pilot with the enterprise team for six weeks sounds great.',
      'We will send the list of pilot users by Friday.',
      'Next step: we share the proposal and the security documents this week.',
    ].join(' '),
  },
  {
    uploader: 'rahul@acme.example',
    kind: 'call',
    title: 'Pricing negotiation',
    daysAgo: 9,
    durationMinutes: 27,
    responses: ['accepted', 'tentative'],
    transcript: [
      'We reviewed the proposal with finance and the price is higher than we expected.',
      'Our budget for this year is limited and the annual commitment worries us.',
      'Another vendor offered a lower price, although their reporting is weaker.',
      'We are frustrated that the onboarding fee was not mentioned in the first meeting.',
      'We can remove the onboarding fee if you sign a two year agreement.',
      'A two year term is difficult because the board has not approved the budget.',
      'Could we start with forty seats and add the managers next quarter?',
      'Forty seats with a quarterly review is possible.',
      'Send us the revised quote and we will discuss it with the board next Tuesday.',
    ].join(' '),
  },
  {
    uploader: 'priya@acme.example',
    kind: 'video',
    title: 'Product demo',
    daysAgo: 4,
    durationMinutes: 45,
    responses: ['accepted', 'accepted', 'needsAction'],
    transcript: [
      'Thank you for the demo, the team really liked the deal timeline.',
      'The assistant that updates deals from a sentence is impressive.',
      'Our operations lead asked how the data stays in sync with HubSpot.',
      'Changes made in the dashboard are written back to HubSpot, and HubSpot changes come back within minutes.',
      'The upcoming calls panel is exactly what our reps need each morning.',
      'Can managers see the meetings of their team?',
      'Yes, managers see the recordings and insights of everyone who reports to them.',
      'Great, we would like a trial for the mid-market team.',
      'We will set up the trial workspace and invite your reps tomorrow.',
    ].join(' '),
  },
  {
    uploader: 'kavya@acme.example',
    kind: 'call',
    title: 'Renewal check-in',
    daysAgo: 6,
    durationMinutes: 22,
    responses: ['accepted'],
    transcript: [
      'We wanted to review how the first year went before the renewal.',
      'Adoption dropped after the integration broke twice last month.',
      'Our team lost a full day of orders each time and support took three days to answer.',
      'Honestly that was unacceptable for a tool this critical.',
      'We understand, and we have fixed the sync failures and added monitoring.',
      'Unless the problems stay fixed, we cannot justify the renewal to finance.',
      'We will share a stability report every week until the renewal date.',
      'Let us meet again in two weeks to review the report.',
    ].join(' '),
  },
  {
    uploader: 'rohan@acme.example',
    kind: 'call',
    title: 'Implementation planning',
    daysAgo: 12,
    durationMinutes: 38,
    responses: ['accepted', 'declined'],
    transcript: [
      'This call is about the implementation plan for the next six weeks.',
      'The first week covers the pipeline setup and the import of open deals.',
      'Weeks two and three cover the user accounts and the reporting hierarchy.',
      'Weeks four and five cover training for the reps and the managers.',
      'The final week is a review of the data and the go-live checklist.',
      'The import needs the deal export from the old system in CSV format.',
      'The IT team will provide the export by the end of next week.',
      'The training sessions will be scheduled on Tuesdays and Thursdays.',
    ].join(' '),
  },
  {
    uploader: 'meera@acme.example',
    kind: 'video',
    title: 'Quarterly business review',
    daysAgo: 15,
    durationMinutes: 52,
    responses: ['accepted', 'accepted'],
    transcript: [
      'Welcome to the quarterly business review, thanks for joining.',
      'Win rates improved from twenty two to thirty one percent this quarter.',
      'The sales cycle is nine days shorter since reps started using meeting summaries.',
      'Forecast accuracy is now within five percent, which finance is happy about.',
      'The mid-market team had the strongest quarter in two years.',
      'We would like to expand the rollout to the customer success team.',
      'That is a great idea, customer success calls would benefit from the same insights.',
      'We will prepare a proposal for the expansion and share it next week.',
    ].join(' '),
  },
  {
    uploader: 'vikram@acme.example',
    kind: 'call',
    title: 'Executive alignment',
    daysAgo: 20,
    durationMinutes: 30,
    responses: ['accepted', 'tentative'],
    transcript: [
      'The goal of this call is to align on the success criteria for the pilot.',
      'Leadership wants forecast accuracy and rep activity reported every month.',
      'The pilot covers the enterprise team and runs for one quarter.',
      'Success means forecast accuracy within ten percent and weekly use by every rep.',
      'Our sponsor is the vice president of sales, and finance signs the contract.',
      'The decision is expected at the end of the quarter.',
      'We will send a one page summary of the success criteria tomorrow.',
    ].join(' '),
  },
];

/** The media recording: a short spoken clip with a test-pattern picture, processed by a job like an upload. */
export const DEMO_MEDIA_RECORDING = {
  uploader: 'rahul@acme.example',
  title: 'Recorded call with audio',
  daysAgo: 1,
  responses: ['accepted' as const],
  /** Committed beside the seed: 25 s of LibriVox speech from Debian's pocketsphinx-testdata. */
  file: new URL('./seed-media/demo-call.mp4', import.meta.url),
  mediaType: 'video/mp4',
};
