import { describe, expect, it } from 'vitest';
import type { CallForStats } from '../recordings/recording-reads';
import { statsInputOf } from './call-stats-speakers';

/** Who each speaker of a call is, from plain values: transcript labels, stereo channels, or nobody. */
const call = (over: Partial<CallForStats> = {}): CallForStats => ({
  id: 'r1',
  organizationId: 'o1',
  uploadedBy: 'u-rahul',
  uploaderName: 'Rahul Verma',
  recordedAt: new Date('2026-11-12T04:30:00Z'),
  status: 'ready',
  transcriptStatus: 'available',
  durationSeconds: 60,
  separateChannels: null,
  segments: [],
  participants: [],
  ...over,
});
const seg = (speaker: string | null) => ({ start: 0, end: 5, speaker, text: 'Hello.' });
const rahul = { name: 'Rahul Verma', userId: 'u-rahul', contactId: null, speakerLabel: null };
const kaveri = { name: 'Kaveri Iyer', userId: null, contactId: 'c-kaveri', speakerLabel: null };
const stereo = {
  separated: true,
  turns: [
    { channel: 'left' as const, start: 0, end: 4 },
    { channel: 'right' as const, start: 5, end: 9 },
  ],
};
const none = { separated: null, turns: [] };

describe('statsInputOf', () => {
  it('maps transcript labels: by speaker label or name; a user is the team, a named non-user the customer, a generic label unknown', () => {
    const input = statsInputOf(
      call({
        segments: [seg('Speaker 1'), seg('Kaveri Iyer'), seg('Anand Rao'), seg('Speaker 2')],
        participants: [{ ...rahul, speakerLabel: 'Speaker 1' }, kaveri],
      }),
      stereo,
      'left',
      ['Salesforce'],
    );
    expect(input.voiceTurns).toBeNull();
    expect(input.competitors).toEqual(['Salesforce']);
    expect(input.speakers).toEqual([
      { speaker: 'Speaker 1', name: 'Rahul Verma', userId: 'u-rahul', side: 'team' },
      { speaker: 'Kaveri Iyer', name: 'Kaveri Iyer', userId: null, side: 'customer' },
      { speaker: 'Anand Rao', name: 'Anand Rao', userId: null, side: 'customer' },
      { speaker: 'Speaker 2', name: 'Speaker 2', userId: null, side: 'unknown' },
    ]);
  });

  it('reads separated channels when no label names anyone: the team channel after the one user, the other after the outsider', () => {
    const input = statsInputOf(call({ segments: [seg(null)], participants: [rahul, kaveri], separateChannels: true }), stereo, 'left', []);
    expect(input.voiceTurns).toEqual([
      { start: 0, end: 4, speaker: 'Left channel' },
      { start: 5, end: 9, speaker: 'Right channel' },
    ]);
    expect(input.speakers).toEqual([
      { speaker: 'Left channel', name: 'Rahul Verma', userId: 'u-rahul', side: 'team' },
      { speaker: 'Right channel', name: 'Kaveri Iyer', userId: null, side: 'customer' },
    ]);
    const swapped = statsInputOf(call({ segments: [seg(null)], participants: [rahul, kaveri] }), stereo, 'right', []);
    expect(swapped.speakers.map((s) => [s.speaker, s.side])).toEqual([
      ['Right channel', 'team'],
      ['Left channel', 'customer'],
    ]);
  });

  it('names the sides generically when several people could be each, and takes the uploader when no participant is a user', () => {
    const two = statsInputOf(
      call({
        segments: [seg(null)],
        participants: [rahul, { ...rahul, name: 'Priya Nair', userId: 'u-priya' }, kaveri, { ...kaveri, name: 'Anand Rao' }],
      }),
      stereo,
      'left',
      [],
    );
    expect(two.speakers.map((s) => [s.name, s.userId])).toEqual([
      ['Team side', null],
      ['Customer side', null],
    ]);
    const nobody = statsInputOf(call({ segments: [seg(null)] }), stereo, 'left', []);
    expect(nobody.speakers[0]).toMatchObject({ name: 'Rahul Verma', userId: 'u-rahul', side: 'team' });
  });

  it('has no speakers for a mono recording transcribed offline (never a guessed split)', () => {
    for (const voice of [none, { separated: false, turns: [] }, { separated: null, turns: stereo.turns }]) {
      const input = statsInputOf(call({ segments: [seg(null)], participants: [rahul, kaveri] }), voice, 'left', []);
      expect(input.voiceTurns).toBeNull();
      expect(input.speakers).toEqual([]);
    }
  });
});
