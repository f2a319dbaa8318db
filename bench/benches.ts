import type { Bench } from './lib/bench';
import { commandBench } from './assistant/command-bench';
import { callSuggestionsBench } from './call-suggestions/call-suggestions-bench';
import { coachingStatsBench } from './coaching/hand-set';
import { coachingDataBench } from './coaching/data';
import { dealsBench } from './deals/deals-bench';
import { healthBench } from './health';
import { loadDealsBench, loadMixedBench } from './load/load-bench';
import { hubspotBench } from './hubspot/hubspot-bench';
import { recordingsUploadBench } from './recordings/upload-bench';
import { multiProcessBench } from './reliability/multi-process';
import { postgresRestartBench } from './reliability/pg-restart';
import { recordingsBench } from './recordings/processing-bench';
import { voiceActivityBench } from './recordings/voice-activity';
import { reliabilityCrashBench } from './reliability/crash-bench';
import { recordsBench } from './records/records-bench';
import { searchBench } from './search/search-bench';
import { startupBench } from './startup';
import { webBench } from './web/web-bench';

/** Every benchmark, in SUMMARY.md order. Add later ones (search, ...) here. */
export const BENCHES: Bench[] = [
  startupBench,
  healthBench,
  dealsBench,
  webBench,
  recordingsUploadBench,
  recordingsBench,
  voiceActivityBench,
  searchBench,
  recordsBench,
  commandBench,
  callSuggestionsBench,
  coachingStatsBench,
  coachingDataBench,
  hubspotBench,
  loadDealsBench,
  loadMixedBench,
  postgresRestartBench,
  multiProcessBench,
  reliabilityCrashBench,
];
