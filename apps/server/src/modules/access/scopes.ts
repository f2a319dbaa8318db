import { sql, type SQL } from 'drizzle-orm';
import { isAdmin } from './policies';

/** Who is looking: their place in the hierarchy and their workspace. */
export type Viewer = { id: string; organizationId: string; role: string };

/**
 * The one visibility rule (docs/decisions/0014-one-visibility-rule.md), as SQL a repository
 * composes into its WHERE. A viewer sees what they and everyone below them (at any depth) own;
 * admins and super_admins see their whole workspace; nothing crosses workspaces. Companies and
 * contacts are also seen through a deal the viewer sees. Each scope names the workspace itself,
 * so a query that uses it cannot leave its workspace either.
 *
 * A scope reads the table under `alias` (the statement's alias, e.g. `d`, or by default the
 * table's own name, as drizzle's query builder names it). Nothing is cached: a hierarchy change
 * counts from the next statement.
 */

const ALIAS = /^[a-z_][a-z0-9_]*$/;
/** `<alias>.<column>`, unquoted as the hand-written SQL around it is; the alias is a constant of the caller's code. */
function column(alias: string, name: string): SQL {
  if (!ALIAS.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return sql.raw(`${alias}.${name}`);
}

/** Whether the viewer sees the whole workspace (no owner condition): a query may plan differently for them. */
export const seesWholeWorkspace = (viewer: Pick<Viewer, 'role'>): boolean => isAdmin(viewer);

/**
 * A subquery of the ids of a user and everyone below them at any depth, whatever their role
 * (`withRoot` false: only those below). Cycles cannot loop: `union` drops repeats.
 */
function treeIds(organizationId: string, rootId: string, withRoot: boolean): SQL {
  return sql`with recursive tree as (
        select id from users where id = ${rootId} and organization_id = ${organizationId}
        union
        select u.id from users u join tree t on u.reports_to = t.id where u.organization_id = ${organizationId}
      ) select id from tree${withRoot ? sql`` : sql` where id <> ${rootId}`}`;
}

/** A subquery of the ids of the users whose records the viewer sees: themselves and everyone below them; admins: the workspace. */
export function visibleUserIds(viewer: Viewer): SQL {
  if (seesWholeWorkspace(viewer)) return sql`select id from users where organization_id = ${viewer.organizationId}`;
  return treeIds(viewer.organizationId, viewer.id, true);
}

/** A subquery of the ids of everyone strictly below a user, at any depth (an admin's too: their place, not their rights). */
export const idsBelow = (organizationId: string, userId: string): SQL => treeIds(organizationId, userId, false);

/**
 * `owner = any(array(subquery))`: the subquery runs once per statement, before the scan, so an
 * index on the owner column takes its ids as an index condition (decision 0005). `owner in
 * (subquery)` is planned as a join instead, which reads every row of the workspace.
 */
const ownedByVisible = (viewer: Viewer, owner: SQL): SQL => sql`${owner} = any(array(${visibleUserIds(viewer)}))`;

const inWorkspace = (viewer: Viewer, alias: string): SQL => sql`${column(alias, 'organization_id')} = ${viewer.organizationId}`;

/** Rows of the viewer's workspace whose `owner` column the viewer sees (any row, for an admin). */
function ownedScope(viewer: Viewer, alias: string, owner: string): SQL {
  if (seesWholeWorkspace(viewer)) return inWorkspace(viewer, alias);
  return sql`${inWorkspace(viewer, alias)} and ${ownedByVisible(viewer, column(alias, owner))}`;
}

/**
 * "Some deal the viewer sees matches": a scalar subquery with LIMIT 1, which runs per candidate
 * row as a few index probes (deals_company_idx, deal_stakeholders_contact_idx). Written as EXISTS,
 * the planner may turn it into a hash join over every deal of the workspace instead.
 */
const someVisibleDeal = (viewer: Viewer, from: SQL, where: SQL): SQL =>
  sql`(select 1 from ${from} where ${where} and vis_d.organization_id = ${viewer.organizationId}
    and ${ownedByVisible(viewer, sql`vis_d.owner_id`)} limit 1) is not null`;

export const scope = {
  /** Deals (or deal_search, deal_totals: the same columns) the viewer sees: by their owner. */
  deals: (viewer: Viewer, alias = 'deals'): SQL => ownedScope(viewer, alias, 'owner_id'),

  /** Companies: owned by someone the viewer sees, or the company of a deal the viewer sees. */
  companies(viewer: Viewer, alias = 'companies'): SQL {
    if (seesWholeWorkspace(viewer)) return inWorkspace(viewer, alias);
    const viaDeal = someVisibleDeal(viewer, sql`deals vis_d`, sql`vis_d.company_id = ${column(alias, 'id')}`);
    return sql`${inWorkspace(viewer, alias)} and (${ownedByVisible(viewer, column(alias, 'owner_id'))} or ${viaDeal})`;
  },

  /** Contacts: owned by someone the viewer sees, or a stakeholder of a deal the viewer sees. */
  contacts(viewer: Viewer, alias = 'contacts'): SQL {
    if (seesWholeWorkspace(viewer)) return inWorkspace(viewer, alias);
    // The contact's own stakeholder rows first (OFFSET 0 keeps them a separate step), then their deals
    // by key: joined freely, the planner may instead walk every deal the viewer sees for each contact.
    const viaDeal = someVisibleDeal(
      viewer,
      sql`(select vis_k.deal_id from deal_stakeholders vis_k where vis_k.contact_id = ${column(alias, 'id')} offset 0) vis_s
        join deals vis_d on vis_d.id = vis_s.deal_id`,
      sql`true`,
    );
    return sql`${inWorkspace(viewer, alias)} and (${ownedByVisible(viewer, column(alias, 'owner_id'))} or ${viaDeal})`;
  },

  /**
   * Companies as a whole list reads them (the companies screen, its counts): the same rule as
   * `companies`, but a company seen through a deal is found in one hashed subquery of the companies
   * the viewer's team reaches through deals (company_deal_reach, kept by triggers: migration 0029),
   * built once per statement, instead of a probe of the deals per row. A list tests most of the
   * workspace's companies (a count, a deep page); the per-row probe suits reads that test a few.
   */
  companiesList(viewer: Viewer, alias = 'companies'): SQL {
    if (seesWholeWorkspace(viewer)) return inWorkspace(viewer, alias);
    const viaDeal = sql`${column(alias, 'id')} in (select vis_r.company_id from company_deal_reach vis_r
      where vis_r.organization_id = ${viewer.organizationId} and ${ownedByVisible(viewer, sql`vis_r.owner_id`)})`;
    return sql`${inWorkspace(viewer, alias)} and (${ownedByVisible(viewer, column(alias, 'owner_id'))} or ${viaDeal})`;
  },

  /** Contacts as a whole list reads them (the contacts screen): as `companiesList`, through contact_deal_reach (deals' stakeholders). */
  contactsList(viewer: Viewer, alias = 'contacts'): SQL {
    if (seesWholeWorkspace(viewer)) return inWorkspace(viewer, alias);
    const viaDeal = sql`${column(alias, 'id')} in (select vis_r.contact_id from contact_deal_reach vis_r
      where vis_r.organization_id = ${viewer.organizationId} and ${ownedByVisible(viewer, sql`vis_r.owner_id`)})`;
    return sql`${inWorkspace(viewer, alias)} and (${ownedByVisible(viewer, column(alias, 'owner_id'))} or ${viaDeal})`;
  },

  /**
   * `contactsList` as two disjoint halves whose counts add up to its count: owned by someone the
   * viewer sees, and seen only as a stakeholder of the viewer's deals. Each half reads its own index
   * (the owners', then contact_deal_reach), where the whole would test every contact of the
   * workspace. Null for an admin, who sees the workspace (`contactsList`).
   */
  contactsSplit(viewer: Viewer, alias = 'contacts'): { owned: SQL; throughDealOnly: SQL } | null {
    const parts = scope.recordParts(viewer, 'contacts', alias);
    return parts && { owned: parts.owned, throughDealOnly: parts.throughDealOnly };
  },

  /**
   * A list's scope (below admin) as two disjoint parts: `owned`, by someone of the viewer's team; and
   * `throughDealOnly`, the records the team reaches only through its deals (from company_deal_reach /
   * contact_deal_reach). Their union is `companiesList` / `contactsList`. `ownedTotal` and `throughDealOnlyTotal` count
   * the unfiltered parts from the kept tables (record_owner_totals, the reach tables), optionally for
   * one owner's records. Null for an admin: the whole workspace (`workspaceTotal`).
   */
  recordParts(viewer: Viewer, kind: 'companies' | 'contacts', alias: string) {
    if (seesWholeWorkspace(viewer)) return null;
    const owner = column(alias, 'owner_id');
    const reach = kind === 'companies' ? sql.raw('company_deal_reach') : sql.raw('contact_deal_reach');
    const key = kind === 'companies' ? sql.raw('company_id') : sql.raw('contact_id');
    const reachOwner = kind === 'companies' ? sql.raw('company_owner_id') : sql.raw('contact_owner_id');
    const org = viewer.organizationId;
    const team = sql`array(${visibleUserIds(viewer)})`;
    const onlyThroughDeal = (recordOwner?: string) =>
      sql`vis_r.organization_id = ${org} and vis_r.owner_id = any(${team})
        and (vis_r.${reachOwner} is null or not vis_r.${reachOwner} = any(${team}))
        ${recordOwner ? sql`and vis_r.${reachOwner} = ${recordOwner}` : sql``}`;
    return {
      owned: sql`${inWorkspace(viewer, alias)} and ${owner} = any(${team})`,
      // The record's own owner is tested too: the reach table's copy of it only narrows the set.
      throughDealOnly: sql`${inWorkspace(viewer, alias)} and (${owner} is null or not ${owner} = any(${team}))
        and ${column(alias, 'id')} in (select vis_r.${key} from ${reach} vis_r where ${onlyThroughDeal()})`,
      ownedTotal: (recordOwner?: string): SQL =>
        sql`(select coalesce(sum(vis_t.${sql.raw(kind)}), 0) from record_owner_totals vis_t
          where vis_t.organization_id = ${org} and vis_t.owner_id = any(${team})
          ${recordOwner ? sql`and vis_t.owner_id = ${recordOwner}` : sql``})`,
      throughDealOnlyTotal: (recordOwner?: string): SQL =>
        // Grouped rather than count(distinct): hashed, where distinct sorts every reach row first.
        sql`(select count(*) from (select vis_r.${key} from ${reach} vis_r where ${onlyThroughDeal(recordOwner)} group by 1) vis_g)`,
    };
  },

  /**
   * How many deals the viewer sees on the company under `alias`: below admin, the team's rows of
   * company_deal_reach (a few index entries, where the deals themselves may be dozens of rows each).
   */
  dealsOnCompany(viewer: Viewer, alias = 'companies'): SQL {
    const company = column(alias, 'id');
    if (seesWholeWorkspace(viewer)) {
      return sql`(select count(*) from deals vis_d where vis_d.company_id = ${company}
        and vis_d.organization_id = ${viewer.organizationId})`;
    }
    return sql`(select coalesce(sum(vis_r.deals), 0) from company_deal_reach vis_r where vis_r.company_id = ${company}
      and vis_r.organization_id = ${viewer.organizationId} and ${ownedByVisible(viewer, sql`vis_r.owner_id`)})`;
  },

  /** How many companies or contacts the whole workspace has (an admin's unfiltered list), optionally one owner's. */
  workspaceTotal(viewer: Viewer, kind: 'companies' | 'contacts', recordOwner?: string): SQL {
    return sql`(select coalesce(sum(vis_t.${sql.raw(kind)}), 0) from record_owner_totals vis_t
      where vis_t.organization_id = ${viewer.organizationId} ${recordOwner ? sql`and vis_t.owner_id = ${recordOwner}` : sql``})`;
  },

  /** Calendar meetings: on the calendar of someone the viewer sees. */
  meetings: (viewer: Viewer, alias = 'calendar_meetings'): SQL => ownedScope(viewer, alias, 'owner_id'),

  /** Recordings: uploaded by someone the viewer sees (a removed uploader's stay with the admins). */
  recordings: (viewer: Viewer, alias = 'recordings'): SQL => ownedScope(viewer, alias, 'uploaded_by'),

  /**
   * The team's recordings, not the viewer's own: uploaded by someone below them at any depth; for
   * an admin, every other recording of the workspace (a removed uploader's included).
   */
  teamRecordings(viewer: Viewer, alias = 'recordings'): SQL {
    const uploader = column(alias, 'uploaded_by');
    if (seesWholeWorkspace(viewer)) return sql`${inWorkspace(viewer, alias)} and ${uploader} is distinct from ${viewer.id}`;
    return sql`${inWorkspace(viewer, alias)} and ${uploader} = any(array(${idsBelow(viewer.organizationId, viewer.id)}))`;
  },

  /**
   * CRM owners without a Pipewise account (crm_owners rows no user is): the deals they own here
   * have no owner, which only admins see, so only admins see these names.
   */
  crmOwnersWithoutAccount(viewer: Viewer, alias = 'crm_owners'): SQL {
    if (!seesWholeWorkspace(viewer)) return sql`false`;
    return sql`${inWorkspace(viewer, alias)} and ${column(alias, 'user_id')} is null`;
  },

  /**
   * Tasks: the assignee, the creator and everyone above the assignee read them (admins: the
   * workspace); a task about a deal, company or contact only while the viewer sees that record too.
   */
  tasks(viewer: Viewer, alias = 'tasks'): SQL {
    if (seesWholeWorkspace(viewer)) return inWorkspace(viewer, alias);
    const record = (table: string, key: string, recordScope: SQL): SQL => {
      const id = column(alias, key);
      return sql`(${id} is null or exists (select 1 from ${sql.raw(table)} vis_r where vis_r.id = ${id} and ${recordScope}))`;
    };
    return sql`${inWorkspace(viewer, alias)}
      and (${ownedByVisible(viewer, column(alias, 'assignee_id'))} or ${column(alias, 'created_by')} = ${viewer.id})
      and ${record('deals', 'deal_id', scope.deals(viewer, 'vis_r'))}
      and ${record('companies', 'company_id', scope.companies(viewer, 'vis_r'))}
      and ${record('contacts', 'contact_id', scope.contacts(viewer, 'vis_r'))}`;
  },

  /** People (users): the viewer and everyone below them; admins: the workspace. */
  people: (viewer: Viewer, alias = 'users'): SQL => ownedScope(viewer, alias, 'id'),
};
