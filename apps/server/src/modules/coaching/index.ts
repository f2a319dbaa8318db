/**
 * The coaching module's public file (issue 31): what other modules and the demo seed may use. Each call's
 * statistics (call-stats-*), the workspace's competitors (competitors-*); the Coaching page's data
 * (coaching-team-*): `team(viewer, range)` and `person(viewer, userId, range)` (null when the viewer does not
 * see that person), ranges as days in the viewer's time zone.
 */
export type { CoachingRange, CoachingTeamService } from './coaching-team-service';
export { callStatsJob, workspaceCallStatsJob } from './call-stats-jobs';
export { computeCallStats, type CallStatsInput, type StatsSegment, type StatsSpeaker } from './call-stats';
export { statsInputOf, peopleRowsOf, CHANNEL_LABELS, TEAM_SIDE_NAME, CUSTOMER_SIDE_NAME } from './call-stats-speakers';
export { distinctNames } from './competitors-service';
export type { CallStatsService } from './call-stats-service';
export type { CompetitorsService } from './competitors-service';
// The builders the demo seed runs the computation with inside its transaction (cli/ is an entry point of its own).
export { createCallStatsService } from './call-stats-service';
export { createCallStatsRepo } from './call-stats-repo';
export { createCompetitorsRepo } from './competitors-repo';
export type { VoiceTurns } from './call-stats-voice-turns';
