import { Link } from 'react-router';
import type { TContact, TRelatedDeal, TRelatedMeeting } from '@pipewise/contract/companies';
import { formatIsoDay, formatRs } from '../../../lib/format';

/** A record's related list: a heading, its rows, or a line saying there are none. */
function Related({ title, empty, children, count }: { title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <section className="records-related" aria-label={title}>
      <h3>
        {title} <span className="records-count">({count})</span>
      </h3>
      {count === 0 ? <p className="empty-state">{empty}</p> : <ul>{children}</ul>}
    </section>
  );
}

export function RelatedDeals({ deals }: { deals: readonly TRelatedDeal[] }) {
  return (
    <Related title="Deals" empty="No deals" count={deals.length}>
      {deals.map((d) => (
        <li key={d.id}>
          <Link to={`/dashboard/deals/${d.id}`}>{d.dealname}</Link>
          <span className="records-meta">
            {[d.stage, d.amount ? formatRs(d.amount) : null, d.closedate ? `closes ${formatIsoDay(d.closedate)}` : null, d.position]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </Related>
  );
}

export function RelatedContacts({ contacts }: { contacts: readonly TContact[] }) {
  return (
    <Related title="Contacts" empty="No contacts" count={contacts.length}>
      {contacts.map((c) => (
        <li key={c.id}>
          <Link to={`/dashboard/contacts/${c.id}`}>{`${c.firstname} ${c.lastname}`.trim()}</Link>
          <span className="records-meta">{[c.jobtitle, c.email].filter(Boolean).join(' · ')}</span>
        </li>
      ))}
    </Related>
  );
}

export function RelatedMeetings({ meetings, title = 'Recordings and calls' }: { meetings: readonly TRelatedMeeting[]; title?: string }) {
  return (
    <Related title={title} empty="No meetings" count={meetings.length}>
      {meetings.map((m) => (
        <li key={`${m.kind}-${m.id}`}>
          {m.kind === 'recording' ? <Link to={`/dashboard/meeting/${m.id}`}>{m.title}</Link> : <span>{m.title}</span>}
          <span className="records-meta">
            {[m.kind === 'recording' ? 'Recording' : 'Call', new Date(m.at).toLocaleString()].join(' · ')}
            {m.deal ? (
              <>
                {' · '}
                <Link to={`/dashboard/deals/${m.deal.id}`}>{m.deal.name}</Link>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </Related>
  );
}
