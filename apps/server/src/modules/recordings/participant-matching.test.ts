import { describe, expect, it } from 'vitest';
import { contactNameOf, isGenericSpeakerLabel, matchPerson, participantForLabel } from './participant-matching';

const USERS = [
  { id: 'u-priya', name: 'Priya Nair', email: 'priya@acme.example' },
  { id: 'u-rahul', name: 'Rahul Verma', email: 'Rahul@Acme.example' },
];
const CONTACTS = [
  { id: 'c-kaveri', name: 'Kaveri Rao', email: 'kaveri@sahyadri.example', company_id: 'deal-co' },
  { id: 'c-priya', name: 'Priya Nair', email: 'p.nair@sahyadri.example', company_id: 'deal-co' },
  { id: 'c-zed', name: 'Zed Other', email: 'zed@elsewhere.example', company_id: 'other-co' },
];

describe('matchPerson', () => {
  it.each([
    ['an email, any case, to a user', { email: 'RAHUL@acme.example' }, { userId: 'u-rahul', contactId: null }],
    ['an email to a contact when no user has it', { email: 'zed@elsewhere.example' }, { userId: null, contactId: 'c-zed' }],
    ['a full name to a user before a contact', { name: ' priya   nair ' }, { userId: 'u-priya', contactId: null }],
    ["a full name to a contact of the deal's company", { name: 'Kaveri Rao' }, { userId: null, contactId: 'c-kaveri' }],
    ['never to a contact of another company by name', { name: 'Zed Other' }, { userId: null, contactId: null }],
    ['an unknown address to nobody', { email: 'new@outside.example', name: 'Nobody Known' }, { userId: null, contactId: null }],
  ])('matches %s', (_what, person, expected) => {
    expect(matchPerson(person, USERS, CONTACTS, 'deal-co')).toEqual(expected);
  });
});

describe('speaker labels', () => {
  it.each([
    ['Speaker 2', true],
    ['SPEAKER_01', true],
    ['Unknown', true],
    ['3', true],
    ['Kaveri Rao', false],
    ['Speakerman Jones', false],
  ])('%s is generic: %s', (label, generic) => expect(isGenericSpeakerLabel(label)).toBe(generic));

  it('finds the participant a label names: full name, else a unique first name', () => {
    const people = [
      { id: 1, name: 'Kaveri Rao' },
      { id: 2, name: 'Arjun Mehta' },
      { id: 3, name: 'Arjun Shah' },
    ];
    expect(participantForLabel('kaveri rao', people)?.id).toBe(1);
    expect(participantForLabel('Kaveri', people)?.id).toBe(1);
    expect(participantForLabel('Arjun', people)).toBeUndefined();
  });
});

it('names a new contact from the participant, else from the address', () => {
  expect(contactNameOf('Lata Rao Iyer', 'x@y.example')).toEqual({ firstname: 'Lata', lastname: 'Rao Iyer' });
  expect(contactNameOf(null, 'lata.rao@newco.example')).toEqual({ firstname: 'Lata', lastname: 'Rao' });
});
