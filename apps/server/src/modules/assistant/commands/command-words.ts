import { OBJECT_TYPES } from '@pipewise/contract/assistant';
import { tokenize } from '../understanding/gazetteer';
import { aliasesFor, TYPE_WORDS } from './entity-fields';

const VERBS =
  'create add new make register update change edit modify set move mark put shift advance progress rename assign reassign give ' +
  'please pls kindly can could would you';
const UNITS = 'rs inr rupees k l lakh lakhs lac lacs cr crore crores thousand million mn bn billion only';
const DATES =
  'today tomorrow tmrw yesterday day days week weeks month months quarter year fy end next this coming last by before after ' +
  'monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun ' +
  'january february march april may june july august september october november december ' +
  'jan feb mar apr jun jul aug sep sept oct nov dec';

/**
 * The words of commands themselves (verbs, field words, amount units, date words): never the
 * anchor of a fuzzy name, so "close date" is never read as the stage "Closed Won".
 */
export const COMMAND_WORDS: ReadonlySet<string> = new Set([
  ...aliasesFor(OBJECT_TYPES, true, true).flatMap((a) => tokenize(a.alias).map((t) => t.norm)),
  ...OBJECT_TYPES.flatMap((t) => TYPE_WORDS[t]),
  ...`${VERBS} ${UNITS} ${DATES}`.split(' '),
]);
