import {
  addUserFieldErrors,
  normalizePhone,
  WHATSAPP_NUMBER_MESSAGES,
  whatsappNumberE164,
  workspaceFieldErrors,
  type TAddUserInput,
  type TUpdateUserBody,
  type TUserRow,
  type TWorkspaceInput,
} from '@pipewise/contract/users';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import type { AccessRules, Caller } from '../access/access-rules';
import { assertCan, isSameRole } from '../access/policies';
import { DOMAIN_MESSAGES, domainOf, type DomainOwnership } from '../workspaces/domain-ownership';
import { fullName, type UserRecord, type UsersRepo } from './users-repo';
import { isUuid } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/db-errors';

export function toUserRow(u: UserRecord): TUserRow {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    name: fullName(u),
    email: u.email,
    phone_number: u.phoneNumber,
    team: u.team,
    role: u.role,
    access: u.role,
    status: u.status === 'active' ? 'active' : 'deactivated',
    reports_to: u.reportsTo,
    reports_to_email: u.reportsToEmail,
    last_login: u.lastLogin?.toISOString() ?? null,
    is_onboarded: u.isOnboarded,
  };
}

function invalid(errors: Record<string, string | undefined>): HttpError {
  const list = Object.entries(errors).flatMap(([field, message]) => (message ? [{ field, message }] : []));
  return new HttpError(400, list[0]?.message ?? 'Invalid data provided. Please check your inputs.', { errors: list });
}

type LockedRepos = { users: UsersRepo; access: Pick<AccessRules, 'subordinateIds'> };

async function applyUpdate(
  { users, access }: LockedRepos,
  caller: Caller,
  id: string,
  body: TUpdateUserBody,
): Promise<{ row: TUserRow; deactivated: boolean }> {
  const target = await users.findInOrg(caller.organizationId, id);
  if (!target) throw notFound('User not found');
  const set: Parameters<UsersRepo['update']>[2] = {};
  if (body.reports_to_email !== undefined) {
    if (body.reports_to_email === null || body.reports_to_email.trim() === '') {
      set.reportsTo = null;
    } else {
      const manager = await users.findInOrgByEmail(caller.organizationId, body.reports_to_email.trim().toLowerCase());
      // As for a new user: the manager must be an active member of the workspace.
      if (!manager || manager.status !== 'active') throw invalid({ reports_to_email: 'Please select a manager' });
      if (manager.id === target.id || (await access.subordinateIds(target.id, caller.organizationId)).includes(manager.id)) {
        throw conflict(`${fullName(target)} cannot report to ${fullName(manager)}: that would make a reporting cycle.`);
      }
      set.reportsTo = manager.id;
    }
  }
  if (body.team !== undefined) set.team = body.team;
  if (body.role !== undefined && !isSameRole(body.role, target.role)) {
    assertCan(caller, 'user.set-role', { target, role: body.role });
    set.role = body.role;
  }
  if (body.status !== undefined && body.status !== target.status) {
    assertCan(caller, 'user.set-status', { target });
    set.status = body.status;
  }
  await users.update(caller.organizationId, id, set);
  return { row: toUserRow((await users.findInOrg(caller.organizationId, id))!), deactivated: set.status === 'deactivated' };
}

export function createUsersService(deps: {
  users: UsersRepo;
  access: AccessRules;
  domains: Pick<DomainOwnership, 'ofWorkspace' | 'adminHasAddressAt' | 'domainTakenByOther' | 'updateOrganization'>;
  /** The auth module's sessions: a deactivated user's end at once. */
  sessions: { deleteForUser(userId: string): Promise<void> };
  /** Cached sessions carry the user's role, status and workspace: dropped as soon as those change here. */
  sessionCache: { dropUser(userId: string): void; clear(): void };
  withWorkspaceLock: <T>(organizationId: string, fn: (locked: LockedRepos) => Promise<T>) => Promise<T>;
  /** Saves the WhatsApp number and sends it a verification code (modules/whatsapp: the verification). */
  whatsappNumbers: { saveNumber(caller: Caller, e164: string): Promise<void> };
}) {
  const { users, access } = deps;

  async function requireVisibleUser(caller: Caller, id: string): Promise<UserRecord> {
    const user = await users.findInOrg(caller.organizationId, id);
    if (!user || !(await access.canSeeUser(caller, id))) throw notFound('User not found');
    return user;
  }

  return {
    async list(caller: Caller): Promise<TUserRow[]> {
      return (await users.listInOrg(caller.organizationId)).map(toUserRow);
    },

    /** Path emails (add_user/{email}, update_user/{email}, update_whatsapp_number/{email}) name the caller (decision 11). */
    async add(caller: Caller, pathEmail: string, input: TAddUserInput & { team?: string }): Promise<TUserRow> {
      assertCan(caller, 'self.act', { email: pathEmail });
      assertCan(caller, 'users.manage', null);
      const errors = addUserFieldErrors(input);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const email = input.email.trim().toLowerCase();
      // Only the workspace's own domain, and only while it holds it: an address at another
      // workspace's domain would put that person in the wrong workspace.
      const own = await deps.domains.ofWorkspace(caller.organizationId);
      if (!own || domainOf(email) !== own.domain) throw invalid({ email: DOMAIN_MESSAGES.onlyOwnDomain(own?.domain ?? '') });
      if (!own.verified) throw invalid({ email: DOMAIN_MESSAGES.unverified(own.domain) });
      const manager = await users.findInOrgByEmail(caller.organizationId, input.reports_to_email.trim().toLowerCase());
      if (!manager || manager.status !== 'active') throw invalid({ reports_to_email: 'Please select a manager' });
      const id = await users.insert({
        organizationId: caller.organizationId,
        email,
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        phoneNumber: normalizePhone(input.phone_number),
        team: input.team?.trim() || 'General',
        reportsTo: manager.id,
      });
      if (!id) throw conflict('A user with this email already exists.');
      return toUserRow((await users.findInOrg(caller.organizationId, id))!);
    },

    async updateWorkspace(caller: Caller, pathEmail: string, input: TWorkspaceInput) {
      assertCan(caller, 'self.act', { email: pathEmail });
      assertCan(caller, 'workspace.edit', null);
      const errors = workspaceFieldErrors(input);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const name = input.organization_name.trim();
      const domain = input.organization_domain.trim().toLowerCase();
      // A new domain is claimed only with proof: an active admin of this workspace has an address
      // there. Checked before "taken", so the answer says nothing about other customers' domains.
      const current = await deps.domains.ofWorkspace(caller.organizationId);
      if (domain !== current?.domain && !(await deps.domains.adminHasAddressAt(caller.organizationId, domain))) {
        throw invalid({ organization_domain: DOMAIN_MESSAGES.needsAdminAddress(domain) });
      }
      if (await deps.domains.domainTakenByOther(caller.organizationId, domain)) {
        throw conflict('Another workspace already uses this domain.');
      }
      try {
        await deps.domains.updateOrganization(caller.organizationId, name, domain);
      } catch (e) {
        // Two workspaces claiming one domain at the same moment: the unique index decides.
        if (isUniqueViolation(e)) throw conflict('Another workspace already uses this domain.');
        throw e;
      } finally {
        deps.sessionCache.clear();
      }
      return { organization_name: name, organization_domain: domain };
    },

    /** The caller's own messaging number (decision 12: each user's, not the workspace's). */
    async whatsappNumber(caller: Caller): Promise<{ phone_number: string | null }> {
      return { phone_number: await users.whatsappNumber(caller.organizationId, caller.id) };
    },

    /**
     * Saves the caller's messaging number in E.164 (anything else is the spec's 400) and sends a code to
     * verify it; a number that is already saved and verified stays verified. The number stays saved when
     * the code could not be sent (502 with the WhatsApp texts' sendFailed).
     */
    async updateWhatsappNumber(caller: Caller, pathEmail: string, input: { phone_number: string }) {
      assertCan(caller, 'self.act', { email: pathEmail });
      const e164 = whatsappNumberE164(input.phone_number);
      if (!e164) throw invalid({ phone_number: WHATSAPP_NUMBER_MESSAGES.invalid });
      await deps.whatsappNumbers.saveNumber(caller, e164);
      return { success: true as const, phone_number: e164 };
    },

    async subordinates(caller: Caller, id: string): Promise<TUserRow[]> {
      if (!isUuid(id)) throw notFound('User not found');
      await requireVisibleUser(caller, id);
      const ids = await access.subordinateIds(id, caller.organizationId);
      return (await users.listByIds(caller.organizationId, ids)).map(toUserRow);
    },

    /** Manager, team, role and active state; admins only, never forming a reporting cycle. */
    async update(caller: Caller, id: string, body: TUpdateUserBody): Promise<TUserRow> {
      assertCan(caller, 'users.manage', null);
      if (!isUuid(id)) throw notFound('User not found');
      // Hierarchy changes in one workspace run one at a time, so two moves cannot together form a cycle.
      let updated: Awaited<ReturnType<typeof applyUpdate>>;
      try {
        updated = await deps.withWorkspaceLock(caller.organizationId, (locked) => applyUpdate(locked, caller, id, body));
      } finally {
        // After the commit (or a rollback): the next request reads the user's new role and status.
        deps.sessionCache.dropUser(id);
      }
      // Deactivation ends every session at once.
      if (updated.deactivated) await deps.sessions.deleteForUser(id);
      return updated.row;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
