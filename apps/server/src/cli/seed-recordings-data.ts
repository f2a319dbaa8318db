import type { Scenario } from './seed-transcripts';

/** The demo workspace's meeting recordings: who held them, with whom, and what kind of call it was. */
export type DemoRecording = {
  uploader: string;
  kind: 'call' | 'video';
  title: string;
  daysAgo: number;
  /** How the customer contacts answered the invitation, in order. */
  responses: ('accepted' | 'declined' | 'needsAction' | 'tentative')[];
  /** What the call is about: its transcript is generated from that scenario's scenes (seed-transcripts.ts). */
  scenario: Scenario;
  /** The account the call is with, when the uploader has an open deal there (else their next own deal's). */
  company?: string;
};

/**
 * One or more calls for each of the nine users, so every style of talking shows in the coaching
 * statistics; Kaveri and Sahyadri calls on both teams, so "what did Kaveri say about pricing" and
 * "when did we last discuss the rollout with Sahyadri" have answers for either team.
 */
export const DEMO_RECORDINGS: DemoRecording[] = [
  {
    uploader: 'rahul@acme.example',
    kind: 'video',
    title: 'Discovery call',
    daysAgo: 2,
    responses: ['accepted', 'accepted'],
    scenario: 'discovery',
    company: 'Sahyadri Logistics',
  },
  {
    uploader: 'rahul@acme.example',
    kind: 'call',
    title: 'Pricing negotiation',
    daysAgo: 9,
    responses: ['accepted', 'tentative'],
    scenario: 'pricing',
    company: 'Kaveri Foods Pvt Ltd',
  },
  {
    uploader: 'rahul@acme.example',
    kind: 'call',
    title: 'Rollout planning',
    daysAgo: 17,
    responses: ['accepted', 'accepted'],
    scenario: 'implementation',
    company: 'Sahyadri Logistics',
  },
  {
    uploader: 'priya@acme.example',
    kind: 'video',
    title: 'Product demo',
    daysAgo: 4,
    responses: ['accepted', 'accepted', 'needsAction'],
    scenario: 'demo',
    company: 'Kaveri Foods Pvt Ltd',
  },
  {
    uploader: 'arjun@acme.example',
    kind: 'call',
    title: 'Security review',
    daysAgo: 3,
    responses: ['accepted', 'accepted'],
    scenario: 'security',
  },
  {
    uploader: 'kavya@acme.example',
    kind: 'call',
    title: 'Renewal check-in',
    daysAgo: 6,
    responses: ['accepted'],
    scenario: 'renewal',
    company: 'Sahyadri Logistics',
  },
  {
    uploader: 'kavya@acme.example',
    kind: 'video',
    title: 'Budget discussion',
    daysAgo: 13,
    responses: ['accepted', 'tentative'],
    scenario: 'pricing',
  },
  {
    uploader: 'rohan@acme.example',
    kind: 'call',
    title: 'Implementation planning',
    daysAgo: 12,
    responses: ['accepted', 'declined'],
    scenario: 'implementation',
  },
  {
    uploader: 'sneha@acme.example',
    kind: 'video',
    title: 'Integration deep dive',
    daysAgo: 5,
    responses: ['accepted', 'accepted'],
    scenario: 'integration',
  },
  {
    uploader: 'meera@acme.example',
    kind: 'video',
    title: 'Quarterly business review',
    daysAgo: 15,
    responses: ['accepted', 'accepted'],
    scenario: 'review',
    company: 'Kaveri Foods Pvt Ltd',
  },
  {
    uploader: 'vikram@acme.example',
    kind: 'call',
    title: 'Executive alignment',
    daysAgo: 20,
    responses: ['accepted', 'tentative'],
    scenario: 'executive',
    company: 'Sahyadri Logistics',
  },
  {
    uploader: 'asha@acme.example',
    kind: 'call',
    title: 'Sponsor check-in',
    daysAgo: 8,
    responses: ['accepted', 'accepted'],
    scenario: 'executive',
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
