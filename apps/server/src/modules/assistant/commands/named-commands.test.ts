import { describe, expect, it } from 'vitest';
import { accuracyByClass, checkNamedCase, loadNamedCommands } from '../../../../test/assistant/labelled-commands';

/**
 * bench/assistant/commands-named.json: commands as reps type them (two changes at once, values
 * holding field words, partial and misspelt names, amounts in Indian forms, dates in the caller's
 * zone), read against a workspace's names, each expecting the resolved parsed_command.
 */
const set = loadNamedCommands();
const CLASSES = ['amounts', 'as_reps_type', 'field_word_value', 'named_records', 'resolved_names', 'time_zone', 'two_changes'];

describe('the labelled commands read against a workspace', () => {
  it('has at least 400 commands over every class', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(400);
    expect([...new Set(set.cases.map((c) => c.class))].sort()).toEqual(CLASSES);
  });

  it('parses at least 97% of each class exactly', () => {
    const results = set.cases.map((c) => ({ class: c.class, command: c.command, ...checkNamedCase(set, c) }));
    const misses = results.filter((r) => !r.match).map((m) => `${m.class}: ${m.command} -> ${JSON.stringify(m.parsed)}`);
    for (const row of accuracyByClass(results)) expect(row.accuracy, `${row.class}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.97);
  });
});
