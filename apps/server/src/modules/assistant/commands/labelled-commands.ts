import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ZParsedCommand } from '@pipewise/contract/assistant';
import { parseCommand } from './command-parser';

/** bench/assistant/commands.json: commands with the parsed_command each must give. */
export const LABELLED_COMMANDS_FILE = path.resolve(import.meta.dirname, '../../../../../../bench/assistant/commands.json');

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
