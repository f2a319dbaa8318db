import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { assertCan, can, isSameRole, REFUSAL_MESSAGES as M, refusal, type Action, type Actor, type Resources } from './policies';

/**
 * Each rule of the permission policy from plain values: who may do what, and the refusal (status
 * and the one message of its kind) everyone else gets.
 */

const rep: Actor = { id: 'rep', role: 'user', email: 'rep@acme.example' };
const manager: Actor = { id: 'manager', role: 'user', email: 'manager@acme.example' };
const admin: Actor = { id: 'admin', role: 'admin', email: 'admin@acme.example' };
const superAdmin: Actor = { id: 'super', role: 'super_admin', email: 'super@acme.example' };
/** Roles compare in any case (the product specification: upper-case variants accepted). */
const shoutingAdmin: Actor = { id: 'shouting', role: 'ADMIN', email: 'shouting@acme.example' };

/** The refusal the actor gets, as [status, message], or null when they may. */
function answer<A extends Action>(actor: Actor, action: A, resource: Resources[A]): [number, string] | null {
  const refused = refusal(actor, action, resource);
  expect(can(actor, action, resource)).toBe(refused === null);
  return refused && [refused.status, refused.message];
}

describe('permission policy', () => {
  it('self.act: a path, query or header may only name the caller, by email (any case, spaces around) or id', () => {
    expect(answer(rep, 'self.act', { email: ' Rep@Acme.example ' })).toBeNull();
    expect(answer(rep, 'self.act', { userId: 'rep' })).toBeNull();
    expect(answer(rep, 'self.act', { email: 'rep@acme.example', userId: 'rep' })).toBeNull();
    // Naming nobody is not naming someone else.
    expect(answer(rep, 'self.act', {})).toBeNull();
    expect(answer(rep, 'self.act', { email: '  ', userId: '' })).toBeNull();
    expect(answer(rep, 'self.act', { email: null, userId: null })).toBeNull();
    // Anyone else, admins included: 403 with one message.
    expect(answer(rep, 'self.act', { email: 'manager@acme.example' })).toEqual([403, M.notYourself]);
    expect(answer(rep, 'self.act', { userId: 'manager' })).toEqual([403, M.notYourself]);
    expect(answer(rep, 'self.act', { email: 'rep@acme.example', userId: 'manager' })).toEqual([403, M.notYourself]);
    expect(answer(superAdmin, 'self.act', { email: 'rep@acme.example' })).toEqual([403, M.notYourself]);
  });

  it('users.manage, pipeline.manage and competitors.manage: admins and super admins, in any case; anyone else 403', () => {
    for (const action of ['users.manage', 'pipeline.manage', 'competitors.manage'] as const) {
      for (const actor of [admin, superAdmin, shoutingAdmin]) expect(answer(actor, action, null), actor.role).toBeNull();
      for (const actor of [rep, manager]) expect(answer(actor, action, null)).toEqual([403, M.adminsOnly]);
    }
  });

  it("workspace.edit: admins; anyone else gets the spec's 401 and text", () => {
    expect(answer(admin, 'workspace.edit', null)).toBeNull();
    expect(answer(superAdmin, 'workspace.edit', null)).toBeNull();
    expect(answer(rep, 'workspace.edit', null)).toEqual([401, 'You are not authorized to perform this action.']);
  });

  it('user.set-role: admins change others, never themselves; super admin rights only by a super admin', () => {
    const user = { id: 'rep', role: 'user' };
    const sa = { id: 'other-super', role: 'SUPER_ADMIN' };
    expect(answer(admin, 'user.set-role', { target: user, role: 'admin' })).toBeNull();
    expect(answer(superAdmin, 'user.set-role', { target: user, role: 'super_admin' })).toBeNull();
    expect(answer(superAdmin, 'user.set-role', { target: sa, role: 'admin' })).toBeNull();
    expect(answer(admin, 'user.set-role', { target: user, role: 'super_admin' })).toEqual([403, M.superAdminsOnly]);
    expect(answer(admin, 'user.set-role', { target: sa, role: 'admin' })).toEqual([403, M.superAdminsOnly]);
    expect(answer(admin, 'user.set-role', { target: { id: 'admin', role: 'admin' }, role: 'user' })).toEqual([403, M.ownAccess]);
    expect(answer(superAdmin, 'user.set-role', { target: { id: 'super', role: 'super_admin' }, role: 'admin' })).toEqual([
      403,
      M.ownAccess,
    ]);
    // The same role again changes nothing, so nothing is refused (but a non-admin is).
    expect(answer(admin, 'user.set-role', { target: { id: 'admin', role: 'ADMIN' }, role: 'admin' })).toBeNull();
    expect(answer(rep, 'user.set-role', { target: user, role: 'admin' })).toEqual([403, M.adminsOnly]);
    expect(answer(rep, 'user.set-role', { target: user, role: 'user' })).toEqual([403, M.adminsOnly]);
  });

  it('user.set-status: admins, never themselves; a super admin only by a super admin', () => {
    expect(answer(admin, 'user.set-status', { target: { id: 'rep', role: 'user' } })).toBeNull();
    expect(answer(admin, 'user.set-status', { target: { id: 'admin2', role: 'admin' } })).toBeNull();
    expect(answer(superAdmin, 'user.set-status', { target: { id: 'super2', role: 'super_admin' } })).toBeNull();
    expect(answer(admin, 'user.set-status', { target: { id: 'super2', role: 'Super_Admin' } })).toEqual([403, M.superAdminsOnly]);
    expect(answer(admin, 'user.set-status', { target: { id: 'admin', role: 'admin' } })).toEqual([403, M.ownAccess]);
    expect(answer(rep, 'user.set-status', { target: { id: 'manager', role: 'user' } })).toEqual([403, M.adminsOnly]);
  });

  it("integration.connect: anyone once the workspace is bound; the first connection is an admin's", () => {
    expect(answer(rep, 'integration.connect', { workspaceBound: true })).toBeNull();
    expect(answer(admin, 'integration.connect', { workspaceBound: false })).toBeNull();
    expect(answer(rep, 'integration.connect', { workspaceBound: false })).toEqual([
      403,
      'An administrator must connect HubSpot for this workspace first.',
    ]);
  });

  it("recording.manage: its uploader and admins; not the uploader's manager, and a removed uploader's only admins", () => {
    expect(answer(rep, 'recording.manage', { uploadedBy: 'rep' })).toBeNull();
    expect(answer(admin, 'recording.manage', { uploadedBy: 'rep' })).toBeNull();
    expect(answer(admin, 'recording.manage', { uploadedBy: null })).toBeNull();
    expect(answer(manager, 'recording.manage', { uploadedBy: 'rep' })).toEqual([403, 'Only the uploader or an admin can do this.']);
    expect(answer(rep, 'recording.manage', { uploadedBy: null })).toEqual([403, M.uploaderOrAdmin]);
  });

  it('person.view-deals: someone the caller sees (their team), else 403', () => {
    expect(answer(manager, 'person.view-deals', { personSeen: true })).toBeNull();
    expect(answer(rep, 'person.view-deals', { personSeen: false })).toEqual([403, M.teamDealsOnly]);
  });

  it('coaching.view-person: someone the caller sees (themselves, their team; admins: anyone); anyone else does not exist (404)', () => {
    expect(answer(rep, 'coaching.view-person', { personSeen: true })).toBeNull();
    expect(answer(admin, 'coaching.view-person', { personSeen: true })).toBeNull();
    expect(answer(manager, 'coaching.view-person', { personSeen: false })).toEqual([404, M.personNotFound]);
  });

  it('deal.edit, company.edit, contact.edit: whoever sees the record; for anyone else it does not exist (404)', () => {
    expect(answer(rep, 'deal.edit', { seen: true })).toBeNull();
    expect(answer(rep, 'company.edit', { seen: true })).toBeNull();
    expect(answer(rep, 'contact.edit', { seen: true })).toBeNull();
    expect(answer(rep, 'deal.edit', { seen: false })).toEqual([404, 'Deal not found']);
    expect(answer(rep, 'company.edit', { seen: false })).toEqual([404, 'Company not found']);
    expect(answer(admin, 'contact.edit', { seen: false })).toEqual([404, 'Contact not found']);
    expect(answer(rep, 'recording.participants.edit', { seen: true })).toBeNull();
    expect(answer(admin, 'recording.participants.edit', { seen: false })).toEqual([404, 'Video not found']);
    expect(answer(rep, 'recording.sides.swap', { seen: true })).toBeNull();
    expect(answer(admin, 'recording.sides.swap', { seen: false })).toEqual([404, 'Video not found']);
  });

  it('deal.assign: to someone the caller sees; to nobody only by an admin', () => {
    expect(answer(manager, 'deal.assign', { ownerId: 'rep', ownerSeen: true })).toBeNull();
    expect(answer(admin, 'deal.assign', { ownerId: null, ownerSeen: false })).toBeNull();
    expect(answer(rep, 'deal.assign', { ownerId: 'manager', ownerSeen: false })).toEqual([403, M.assignDealsToTeam]);
    expect(answer(manager, 'deal.assign', { ownerId: null, ownerSeen: false })).toEqual([
      403,
      'You can only assign deals to people on your team.',
    ]);
  });

  it('deal.delete: its owner and those above them, and admins; a deal the caller does not see is 404', () => {
    expect(answer(rep, 'deal.delete', { seen: true, ownerId: 'rep', ownerSeen: true })).toBeNull();
    expect(answer(manager, 'deal.delete', { seen: true, ownerId: 'rep', ownerSeen: true })).toBeNull();
    expect(answer(admin, 'deal.delete', { seen: true, ownerId: null, ownerSeen: false })).toBeNull();
    expect(answer(shoutingAdmin, 'deal.delete', { seen: true, ownerId: 'manager', ownerSeen: false })).toBeNull();
    // Seen but not theirs nor below them (an unowned deal, a peer's deal shown through a shared record).
    expect(answer(rep, 'deal.delete', { seen: true, ownerId: 'peer', ownerSeen: false })).toEqual([
      403,
      'You are not authorized to perform this action.',
    ]);
    expect(answer(manager, 'deal.delete', { seen: true, ownerId: null, ownerSeen: false })).toEqual([403, M.adminsOnly]);
    expect(answer(rep, 'deal.delete', { seen: false, ownerId: 'rep', ownerSeen: true })).toEqual([404, 'Deal not found']);
  });

  it('record.assign: yourself, someone the caller sees (a manager their subtree), anyone for an admin; nobody only by an admin', () => {
    expect(answer(rep, 'record.assign', { ownerId: 'rep', ownerSeen: false })).toBeNull();
    expect(answer(manager, 'record.assign', { ownerId: 'rep', ownerSeen: true })).toBeNull();
    expect(answer(admin, 'record.assign', { ownerId: null, ownerSeen: false })).toBeNull();
    expect(answer(rep, 'record.assign', { ownerId: 'manager', ownerSeen: false })).toEqual([403, M.assignRecordsToTeam]);
    expect(answer(manager, 'record.assign', { ownerId: null, ownerSeen: false })).toEqual([403, M.assignRecordsToTeam]);
  });

  it('note.edit: its author only; note.delete: its author or an admin', () => {
    expect(answer(rep, 'note.edit', { authorId: 'rep' })).toBeNull();
    expect(answer(admin, 'note.edit', { authorId: 'rep' })).toEqual([403, M.authorOnly]);
    expect(answer(manager, 'note.edit', { authorId: 'rep' })).toEqual([403, M.authorOnly]);
    expect(answer(rep, 'note.delete', { authorId: 'rep' })).toBeNull();
    expect(answer(admin, 'note.delete', { authorId: 'rep' })).toBeNull();
    expect(answer(superAdmin, 'note.delete', { authorId: null })).toBeNull();
    expect(answer(manager, 'note.delete', { authorId: 'rep' })).toEqual([403, M.authorOrAdmin]);
  });

  it('task.assign: a manager within their subtree, a rep to themselves', () => {
    expect(answer(manager, 'task.assign', { assigneeId: 'rep', assigneeSeen: true })).toBeNull();
    expect(answer(manager, 'task.assign', { assigneeId: 'manager', assigneeSeen: true })).toBeNull();
    expect(answer(rep, 'task.assign', { assigneeId: 'rep', assigneeSeen: true })).toBeNull();
    expect(answer(rep, 'task.assign', { assigneeId: 'manager', assigneeSeen: false })).toEqual([403, M.assignTasksToTeam]);
    expect(answer(manager, 'task.assign', { assigneeId: 'peer', assigneeSeen: false })).toEqual([403, M.assignTasksToTeam]);
  });

  it('meeting.manage: the organiser and those the organiser is below; an attendee or a peer is refused', () => {
    expect(answer(rep, 'meeting.manage', { organizerId: 'rep', organizerSeen: true })).toBeNull();
    expect(answer(manager, 'meeting.manage', { organizerId: 'rep', organizerSeen: true })).toBeNull();
    expect(answer(admin, 'meeting.manage', { organizerId: 'rep', organizerSeen: true })).toBeNull();
    expect(answer(rep, 'meeting.manage', { organizerId: 'manager', organizerSeen: false })).toEqual([403, M.organizerOnly]);
    // A synced event has no organiser in Pipewise: nobody edits it here.
    expect(answer(admin, 'meeting.manage', { organizerId: null, organizerSeen: false })).toEqual([403, M.organizerOnly]);
  });

  it('assertCan throws the refusal as the HTTP error the caller gets, and nothing when allowed', () => {
    expect(() => assertCan(rep, 'users.manage', null)).toThrow(HttpError);
    try {
      assertCan(rep, 'workspace.edit', null);
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ statusCode: 401, detail: M.adminsOnly });
    }
    expect(() => assertCan(admin, 'users.manage', null)).not.toThrow();
  });

  it('compares roles in any case', () => {
    expect(isSameRole('ADMIN', 'admin')).toBe(true);
    expect(isSameRole('admin', 'super_admin')).toBe(false);
  });
});
