/** Transcripts as a sales call would read them, used by the insights tests. */
export const NEGATIVE_CALL = [
  'Honestly we are frustrated with how the rollout went.',
  'The integration broke twice last month and our team lost a full day of orders each time.',
  'Support took three days to answer, which is unacceptable for a tool this critical.',
  'I am worried we cannot justify the renewal price to finance with these problems.',
  'Unless the sync failures are fixed we will have to cancel the contract.',
].join(' ');

export const POSITIVE_CALL = [
  'Thanks for the great demo yesterday, the whole team loved it.',
  'The forecasting dashboard is exactly what our managers wanted and the pilot results were excellent.',
  'Finance is happy with the proposal and we are excited to move forward.',
  'Please send the contract and we will sign it this week.',
].join(' ');

export const NEUTRAL_CALL = [
  'We reviewed the current pipeline stages and the fields in the deal form.',
  'The team uses two pipelines, one for new business and one for renewals.',
  'Next week we will share the export of last quarter and the list of users.',
  'The call is scheduled for Tuesday at ten.',
].join(' ');

/** A longer discovery call: 28 sentences on a few recurring topics. */
export const LONG_CALL = [
  'Good morning everyone and thanks for making the time today.',
  'Let me start with a quick round of introductions.',
  'I lead the sales operations team at Northwind and I own the CRM rollout.',
  'Our main problem today is that pipeline data lives in three different spreadsheets.',
  'Managers spend every Monday merging those spreadsheets before the forecast meeting.',
  'The forecast is often wrong because deal stages are updated late.',
  'We would like reps to update deal stages right after each customer call.',
  'Meeting recordings could help because the summary would remind reps of the next steps.',
  'How long does it take to get a summary after a call is uploaded?',
  'Usually the summary and key points are ready a few minutes after the upload.',
  'That works for us.',
  'Security is another question from our IT team.',
  'IT needs single sign-on and an audit of who can see which recordings.',
  'Recordings are visible to the uploader, their managers and the workspace admins.',
  'Good, that matches how our sales hierarchy is organised.',
  'Pricing is the next topic.',
  'We have forty reps and six managers, so the budget for the first year is limited.',
  'We can offer a pilot for one team before the full rollout.',
  'A pilot with the enterprise team sounds reasonable.',
  'The enterprise team has the largest deals and the most meetings each week.',
  'What would the pilot need from our side?',
  'We need a list of pilot users and access to your CRM pipelines.',
  'I can send the list of users by Friday.',
  'Our IT team will review the security documents next week.',
  'Then we schedule the pilot kickoff for the first week of next month.',
  'Great, I will send the proposal and the security documents today.',
  'Thanks everyone.',
  'Talk soon.',
].join(' ');
