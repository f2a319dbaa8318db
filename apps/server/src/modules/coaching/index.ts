/**
 * The coaching module's public file: what other modules may use (their instances come from services.ts).
 * The Coaching page's data: `team(viewer, range)` and `person(viewer, userId, range)` (null when the
 * viewer does not see that person), ranges as days in the viewer's time zone.
 */
export type { CoachingRange, CoachingTeamService } from './coaching-team-service';
