import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ZParsedCommand } from '@pipewise/contract/assistant';
import { buildGazetteer, ENTITY_KINDS, type Gazetteer } from '../../src/modules/assistant/understanding/gazetteer';
import { parseCommand } from '../../src/modules/assistant/commands/command-parser';

/** bench/assistant/commands.json: commands with the parsed_command each must give. */
export const LABELLED_COMMANDS_FILE = path.resolve(import.meta.dirname, '../../../../bench/assistant/commands.json');

const ZLabelledSet = z.object({
  now: z.string(),
  time_zone: z.string(),
  cases: z.array(
    z.object({
      command: z.string(),
      expected: ZParsedCommand,
      expected_problems: z.array(z.string()).optional(),
      time_zone: z.string().optional(),
      now: z.string().optional(),
    }),
  ),
});
export type TLabelledSet = z.infer<typeof ZLabelledSet>;
export type TLabelledCase = TLabelledSet['cases'][number];

export function loadLabelledCommands(file = LABELLED_COMMANDS_FILE): TLabelledSet {
  return ZLabelledSet.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Runs the parser on one case: what it gave, and whether that is exactly what the case expects. */
export function checkCase(set: TLabelledSet, c: TLabelledCase) {
  const { parsed, problems } = parseCommand(c.command, { now: new Date(c.now ?? set.now), timeZone: c.time_zone ?? set.time_zone });
  const problemProperties = problems.map((p) => p.property).sort();
  const match =
    JSON.stringify(sortKeys(parsed)) === JSON.stringify(sortKeys(c.expected)) &&
    JSON.stringify(problemProperties) === JSON.stringify([...(c.expected_problems ?? [])].sort());
  return { parsed, problems: problemProperties, match };
}

function sortKeys(p: z.infer<typeof ZParsedCommand>) {
  return { ...p, properties: Object.fromEntries(Object.entries(p.properties).sort(([a], [b]) => a.localeCompare(b))) };
}

/** bench/assistant/commands-named.json: commands read against a workspace's names, each with its class. */
export const NAMED_COMMANDS_FILE = path.resolve(import.meta.dirname, '../../../../bench/assistant/commands-named.json');

const ZNamedSet = ZLabelledSet.extend({
  workspace: z.array(
    z.object({
      kind: z.enum(ENTITY_KINDS),
      id: z.string(),
      label: z.string(),
      aliases: z.array(z.string()).optional(),
      ownedByCaller: z.boolean().optional(),
      email: z.string().optional(),
      parentId: z.string().optional(),
    }),
  ),
  cases: z.array(ZLabelledSet.shape.cases.element.extend({ class: z.string() })),
});
export type TNamedSet = z.infer<typeof ZNamedSet>;

export function loadNamedCommands(file = NAMED_COMMANDS_FILE): TNamedSet {
  return ZNamedSet.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Runs the parser with the workspace's names on one case (`names` defaults to the set's own). */
export function checkNamedCase(set: TNamedSet, c: TNamedSet['cases'][number], names: Gazetteer = namesOf(set)) {
  const ctx = { now: new Date(c.now ?? set.now), timeZone: c.time_zone ?? set.time_zone, names };
  const { parsed, problems } = parseCommand(c.command, ctx);
  const problemProperties = problems.map((p) => p.property).sort();
  const match =
    JSON.stringify(sortKeys(parsed)) === JSON.stringify(sortKeys(c.expected)) &&
    JSON.stringify(problemProperties) === JSON.stringify([...(c.expected_problems ?? [])].sort());
  return { parsed, problems: problemProperties, match };
}

const built = new WeakMap<TNamedSet, Gazetteer>();
export function namesOf(set: TNamedSet): Gazetteer {
  let names = built.get(set);
  if (!names) built.set(set, (names = buildGazetteer(set.workspace)));
  return names;
}

/** Accuracy per class: cases, correct, and the share right. */
export function accuracyByClass(results: { class: string; match: boolean }[]) {
  const by = new Map<string, { cases: number; correct: number }>();
  for (const r of results) {
    const row = by.get(r.class) ?? { cases: 0, correct: 0 };
    row.cases++;
    if (r.match) row.correct++;
    by.set(r.class, row);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, row]) => ({ class: name, ...row, accuracy: row.correct / row.cases }));
}
