import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, isAdminRole } from '@pipewise/contract/common';
import { COACHING_MESSAGES } from '@pipewise/contract/coaching';
import { HUBSPOT_CONNECT_MESSAGES } from '@pipewise/contract/integrations';
import { HttpError } from '../../lib/http-error';

/**
 * Who may do what: the one permission policy. Every route and service asks `can` (or `assertCan`,
 * which answers a refusal with its HTTP error) before it acts; nothing else compares roles.
 *
 * A rule reads only its arguments. What the visibility rule (scopes.ts, decision 13) says about
 * the record or person acted on comes in as a fact of the resource (`seen`: the record is among
 * those the caller's scope selects; `ownerSeen`, `assigneeSeen`: the person is the caller or
 * below them, or the caller is an admin), so a rule never queries and is tested from plain values.
 */

/** Who acts: the signed-in caller (a Caller of access-rules.ts; their address only matters to `self.act`). */
export type Actor = { id: string; role: string; email?: string };

/** A person as a rule needs them: who they are and their role. */
type Person = { id: string; role: string };

/** The facts each action is decided on. */
export type Resources = {
  /**
   * Act for yourself only (decisions 3 and 11): an email or user id that a path, query or header
   * names must be the caller's. A blank or absent one names nobody.
   */
  'self.act': { email?: string | null; userId?: string | null };
  /** Add people, change their manager or team, review sign-up requests: admins. */
  'users.manage': null;
  /** Change a person's role: admins, never their own; super admin rights are a super admin's to give or take. */
  'user.set-role': { target: Person; role: string };
  /** Deactivate or reactivate a person: admins, never themselves; a super admin only by a super admin. */
  'user.set-status': { target: Person };
  /** The workspace's name and domain: admins. */
  'workspace.edit': null;
  /** Connect an integration: each user their own login, once an admin's first connection bound the workspace (decision 10). */
  'integration.connect': { workspaceBound: boolean };
  /** Delete or retry a recording: its uploader and the workspace's admins. */
  'recording.manage': { uploadedBy: string | null };
  /** Correct a recording's participants (add, remove, edit, map a speaker, add as contact): whoever sees the recording. */
  'recording.participants.edit': { seen: boolean };
  /** Swap a stereo recording's sides (which channel is the team's): whoever may correct its participants, so whoever sees it. */
  'recording.sides.swap': { seen: boolean };
  /** Set the workspace's competitor list (Settings; issue 31): admins. */
  'competitors.manage': null;
  /** Another person's deals list: someone the caller sees (themselves or below them; admins: anyone). */
  'person.view-deals': { personSeen: boolean };
  /** Edit a deal: whoever sees it. */
  'deal.edit': { seen: boolean };
  /** Give a deal an owner: someone the caller sees; no owner only by an admin (nobody else would see it). */
  'deal.assign': { ownerId: string | null; ownerSeen: boolean };
  /**
   * Delete a deal: its owner and those above them (the owner is the caller or below them), and
   * admins; a deal the caller does not see is 404, as a read answers.
   */
  'deal.delete': { seen: boolean; ownerId: string | null; ownerSeen: boolean };
  /** Create, edit and delete pipelines and their stages (decision 14): admins. */
  'pipeline.manage': null;
  /** Edit a company: whoever sees it (decision 13: through a deal they see, or its owner is them or below them; admins). */
  'company.edit': { seen: boolean };
  /** Edit a contact: whoever sees it (as for a company). */
  'contact.edit': { seen: boolean };
  /**
   * Give a company or contact an owner (issue 29): yourself, a manager someone in their subtree, an
   * admin anyone; no owner only by an admin (nobody else would see it through its owner).
   */
  'record.assign': { ownerId: string | null; ownerSeen: boolean };
  /** Edit a note: its author only. */
  'note.edit': { authorId: string | null };
  /** Delete a note: its author, or an admin. */
  'note.delete': { authorId: string | null };
  /** Assign a task: to someone the caller sees, so a manager within their subtree and a rep to themselves. */
  'task.assign': { assigneeId: string; assigneeSeen: boolean };
  /**
   * Edit or cancel a call booked in Pipewise: its organiser, and whoever the organiser is below
   * (`organizerSeen`: the organiser is the caller or below them, or the caller is an admin).
   */
  'meeting.manage': { organizerId: string | null; organizerSeen: boolean };
  /** A person's coaching figures (issue 31): someone the caller sees (themselves or below them; admins: anyone), else 404. */
  'coaching.view-person': { personSeen: boolean };
};

export type Action = keyof Resources;

/** A refusal as the caller gets it. */
export type Refusal = { status: number; message: string };

/** One message per refusal kind (the spec's own text where it gives one). */
export const REFUSAL_MESSAGES = {
  notYourself: 'You can only act as yourself.',
  /** the product specification's error catalogue, for the workspace update: the text of every admins-only refusal. */
  adminsOnly: 'You are not authorized to perform this action.',
  ownAccess: 'You cannot change your own role or deactivate yourself.',
  superAdminsOnly: "Only a super admin can grant super admin rights or change a super admin's role or status.",
  adminConnectsFirst: HUBSPOT_CONNECT_MESSAGES.adminFirst,
  uploaderOrAdmin: 'Only the uploader or an admin can do this.',
  teamDealsOnly: 'You can only see deals of people on your team.',
  assignDealsToTeam: 'You can only assign deals to people on your team.',
  assignTasksToTeam: 'You can only assign tasks to people on your team.',
  assignRecordsToTeam: 'You can only give companies and contacts to people on your team.',
  authorOnly: "Only the note's author can do this.",
  authorOrAdmin: "Only the note's author or an admin can do this.",
  dealNotFound: 'Deal not found',
  companyNotFound: 'Company not found',
  contactNotFound: 'Contact not found',
  videoNotFound: 'Video not found',
  organizerOnly: 'Only the organiser of the call or their managers can change it.',
  personNotFound: COACHING_MESSAGES.personNotFound,
} as const;

const M = REFUSAL_MESSAGES;
const forbidden = (message: string): Refusal => ({ status: 403, message });
/** A record the caller does not see does not exist for them: 404, as a read answers. */
const unseen = (message: string): Refusal => ({ status: 404, message });

/** Admin rights: admin or super_admin, any case. */
export const isAdmin = (actor: Pick<Actor, 'role'>): boolean => isAdminRole(actor.role);
const isSuperAdmin = (role: string): boolean => role.toLowerCase() === 'super_admin';
/** Whether two roles are the same role (roles compare case-insensitively). */
export const isSameRole = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** `role` (an SQL expression) holds admin rights: the admin test for a query. */
export const hasAdminRole = (role: SQL): SQL => sql`lower(${role}) in (${sql.raw(ADMIN_ROLES.map((r) => `'${r}'`).join(', '))})`;

const named = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

type Rules = { [A in Action]: (actor: Actor, resource: Resources[A]) => Refusal | null };

const adminsOnly = (actor: Actor, status = 403): Refusal | null => (isAdmin(actor) ? null : { status, message: M.adminsOnly });

const RULES: Rules = {
  'self.act': (actor, { email, userId }) => {
    const wantedEmail = named(email)?.toLowerCase();
    const wantedId = named(userId);
    const other = (wantedEmail !== undefined && wantedEmail !== actor.email) || (wantedId !== null && wantedId !== actor.id);
    return other ? forbidden(M.notYourself) : null;
  },
  'users.manage': (actor) => adminsOnly(actor),
  'user.set-role': (actor, { target, role }) => {
    if (!isAdmin(actor)) return forbidden(M.adminsOnly);
    if (isSameRole(target.role, role)) return null;
    if (target.id === actor.id) return forbidden(M.ownAccess);
    if ((isSuperAdmin(role) || isSuperAdmin(target.role)) && !isSuperAdmin(actor.role)) return forbidden(M.superAdminsOnly);
    return null;
  },
  'user.set-status': (actor, { target }) => {
    if (!isAdmin(actor)) return forbidden(M.adminsOnly);
    if (target.id === actor.id) return forbidden(M.ownAccess);
    // Deactivating a super admin would take away their rights just like a role change does.
    if (isSuperAdmin(target.role) && !isSuperAdmin(actor.role)) return forbidden(M.superAdminsOnly);
    return null;
  },
  // The spec answers a non-admin's workspace update 401 with its own text.
  'workspace.edit': (actor) => adminsOnly(actor, 401),
  'integration.connect': (actor, { workspaceBound }) => (workspaceBound || isAdmin(actor) ? null : forbidden(M.adminConnectsFirst)),
  'recording.manage': (actor, { uploadedBy }) => (uploadedBy === actor.id || isAdmin(actor) ? null : forbidden(M.uploaderOrAdmin)),
  'recording.participants.edit': (_actor, { seen }) => (seen ? null : unseen(M.videoNotFound)),
  'recording.sides.swap': (_actor, { seen }) => (seen ? null : unseen(M.videoNotFound)),
  'competitors.manage': (actor) => adminsOnly(actor),
  'person.view-deals': (_actor, { personSeen }) => (personSeen ? null : forbidden(M.teamDealsOnly)),
  'deal.edit': (_actor, { seen }) => (seen ? null : unseen(M.dealNotFound)),
  'deal.assign': (actor, { ownerId, ownerSeen }) => {
    if (ownerId === null) return isAdmin(actor) ? null : forbidden(M.assignDealsToTeam);
    return ownerSeen ? null : forbidden(M.assignDealsToTeam);
  },
  'deal.delete': (actor, { seen, ownerId, ownerSeen }) => {
    if (!seen) return unseen(M.dealNotFound);
    if (isAdmin(actor) || (ownerId !== null && ownerSeen)) return null;
    return forbidden(M.adminsOnly);
  },
  'pipeline.manage': (actor) => adminsOnly(actor),
  'company.edit': (_actor, { seen }) => (seen ? null : unseen(M.companyNotFound)),
  'contact.edit': (_actor, { seen }) => (seen ? null : unseen(M.contactNotFound)),
  'record.assign': (actor, { ownerId, ownerSeen }) => {
    if (ownerId === null) return isAdmin(actor) ? null : forbidden(M.assignRecordsToTeam);
    return ownerId === actor.id || ownerSeen ? null : forbidden(M.assignRecordsToTeam);
  },
  'note.edit': (actor, { authorId }) => (authorId === actor.id ? null : forbidden(M.authorOnly)),
  'note.delete': (actor, { authorId }) => (authorId === actor.id || isAdmin(actor) ? null : forbidden(M.authorOrAdmin)),
  'task.assign': (actor, { assigneeId, assigneeSeen }) => (assigneeId === actor.id || assigneeSeen ? null : forbidden(M.assignTasksToTeam)),
  'meeting.manage': (actor, { organizerId, organizerSeen }) =>
    organizerId !== null && (organizerId === actor.id || organizerSeen) ? null : forbidden(M.organizerOnly),
  'coaching.view-person': (_actor, { personSeen }) => (personSeen ? null : unseen(M.personNotFound)),
};

/** Why the actor may not do this, or null when they may. */
export function refusal<A extends Action>(actor: Actor, action: A, resource: Resources[A]): Refusal | null {
  return RULES[action](actor, resource);
}

/** Whether the actor may do this. */
export function can<A extends Action>(actor: Actor, action: A, resource: Resources[A]): boolean {
  return refusal(actor, action, resource) === null;
}

/** The HTTP error a refusal is answered with. */
export const refusalError = (refused: Refusal): HttpError => new HttpError(refused.status, refused.message);

/** Nothing when the actor may do this, else the refusal's HTTP error (its status and the kind's one message). */
export function assertCan<A extends Action>(actor: Actor, action: A, resource: Resources[A]): void {
  const refused = refusal(actor, action, resource);
  if (refused) throw refusalError(refused);
}
