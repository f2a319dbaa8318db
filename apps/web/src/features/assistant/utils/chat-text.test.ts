import { describe, expect, it } from 'vitest';
import { record } from '../../../../test/assistant-fixtures';
import { messageTime, recordName, safeHref, successText, updateCommandFor } from './chat-text';
import { isCommand, isNo, isYes } from './command-words';

describe('assistant texts', () => {
  it("uses the server's success message, else '{objectType} {operation}d successfully!', else 'Operation successful!'", () => {
    expect(successText('Company Acme updated.', 'company', 'update')).toBe('Company Acme updated.');
    expect(successText('', 'company', 'update')).toBe('Company updated successfully!');
    expect(successText(undefined, 'contact', 'create')).toBe('Contact created successfully!');
    expect(successText('  ', null, null)).toBe('Operation successful!');
  });

  it('shows a time as hour and minute in US English', () => {
    const iso = new Date(2026, 10, 23, 14, 5).toISOString();
    expect(messageTime(iso)).toBe('02:05 PM');
    expect(messageTime('not a date')).toBe('');
  });

  it('names records the way a command does', () => {
    expect(recordName(record('1', { dealname: 'Acme Renewal' }))).toBe('Acme Renewal');
    expect(recordName(record('2', { name: 'Acme Corp', domain: 'acme.in' }, 'company'))).toBe('Acme Corp');
    expect(recordName(record('3', { firstname: 'Priya', lastname: null, email: 'p@x.in' }, 'contact'))).toBe('Priya');
    expect(recordName(record('4', { email: 'p@x.in' }, 'contact'))).toBe('p@x.in');
    expect(updateCommandFor(record('2', { name: 'Acme Corp' }, 'company'))).toBe('update company Acme Corp ');
  });

  it('links only app paths and web addresses', () => {
    expect(safeHref('/dashboard/deals/1')).toBe('/dashboard/deals/1');
    expect(safeHref('https://app.hubspot.com/x')).toBe('https://app.hubspot.com/x');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it('tells commands, yes words and no words apart', () => {
    expect(isCommand('Create deal X')).toBe(true);
    expect(isCommand('  update\tcompany Y')).toBe(true);
    expect(isCommand('created a deal?')).toBe(false);
    expect(isCommand('update')).toBe(false);
    // Tasks go to the command route too; questions about them do not.
    expect(isCommand('remind me to send the proposal to Kaveri on Friday')).toBe(true);
    expect(isCommand('add a task to call Dana tomorrow at 3pm')).toBe(true);
    expect(isCommand('what are my tasks today')).toBe(false);
    expect(isCommand('do I have any overdue tasks')).toBe(false);
    expect(['yes', ' Y ', 'Yeah', 'yup', 'SURE', 'ok'].every(isYes)).toBe(true);
    expect(['no', 'N', 'nope', 'Cancel', 'stop'].every(isNo)).toBe(true);
    expect(isYes('yes please')).toBe(false);
    expect(isNo('not now')).toBe(false);
  });
});
