import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { TRelatedDeal, TRelatedMeeting } from '@pipewise/contract/companies';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatRs } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useDeleteContact } from '../api/delete-contact';
import { useContact } from '../api/get-contact';
import { ContactFormDialog } from './contact-form-dialog';
import { contactName } from './contacts-table';
import '../../../components/ui/records.css';

function Deals({ deals }: { deals: readonly TRelatedDeal[] }) {
  return (
    <section className="records-related" aria-label="Deals">
      <h3>
        Deals <span className="records-count">({deals.length})</span>
      </h3>
      {deals.length === 0 ? (
        <p className="empty-state">Not a stakeholder of any deal</p>
      ) : (
        <ul>
          {deals.map((d) => (
            <li key={d.id}>
              <Link to={`/dashboard/deals/${d.id}`}>{d.dealname}</Link>
              <span className="records-meta">
                {[d.position, d.stage, d.amount ? formatRs(d.amount) : null].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Meetings({ meetings }: { meetings: readonly TRelatedMeeting[] }) {
  return (
    <section className="records-related" aria-label="Meetings attended">
      <h3>
        Meetings attended <span className="records-count">({meetings.length})</span>
      </h3>
      {meetings.length === 0 ? (
        <p className="empty-state">No meetings</p>
      ) : (
        <ul>
          {meetings.map((m) => (
            <li key={m.id}>
              <span>{m.title}</span>
              <span className="records-meta">
                {new Date(m.at).toLocaleString()}
                {m.deal ? (
                  <>
                    {' · '}
                    <Link to={`/dashboard/deals/${m.deal.id}`}>{m.deal.name}</Link>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /dashboard/contacts/:id: the contact's fields with Edit and Delete, their deals as a stakeholder, the meetings they attended. */
export function ContactDetailPage({ below }: { below?: (id: string) => ReactNode }) {
  const { id = '' } = useParams();
  const contact = useContact(id);
  const navigate = useNavigate();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (contact.isPending) return <Spinner label="Loading contact" size={32} />;
  if (contact.isError) {
    return (
      <div className="records-state">
        <AlertMessage plain>{isApiError(contact.error, 404) ? 'Contact not found' : 'Failed to load the contact'}</AlertMessage>
        <Link to="/dashboard/contacts">Back to contacts</Link>
      </div>
    );
  }
  const { data: c, deals, meetings } = contact.data;
  const name = contactName(c);

  return (
    <section className="records-page" aria-labelledby="contact-title">
      <Link to="/dashboard/contacts" className="records-back">
        <ArrowLeft size={16} aria-hidden="true" /> Contacts
      </Link>
      <div className="records-heading">
        <h2 id="contact-title">{name}</h2>
        <div className="records-actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 size={16} aria-hidden="true" /> Delete
          </Button>
        </div>
      </div>
      <div className="records-detail-grid">
        <Card as="div" raised className="records-content">
          <dl className="records-fields">
            <div>
              <dt>Email</dt>
              <dd>{c.email ?? '-'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{c.phone ?? '-'}</dd>
            </div>
            <div>
              <dt>Job title</dt>
              <dd>{c.jobtitle ?? '-'}</dd>
            </div>
            <div>
              <dt>Company</dt>
              <dd>{c.company ? <Link to={`/dashboard/companies/${c.company.id}`}>{c.company.name}</Link> : '-'}</dd>
            </div>
            <div>
              <dt>Owner</dt>
              <dd>{c.owner?.name ?? '-'}</dd>
            </div>
          </dl>
        </Card>
        <Card as="div" raised className="records-content">
          <Deals deals={deals} />
          <Meetings meetings={meetings} />
        </Card>
      </div>
      {below ? <div className="records-detail-grid">{below(c.id)}</div> : null}
      <ContactFormDialog open={editing} onOpenChange={setEditing} contact={c} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => (setDeleting(open), remove.reset())}
        title="Delete contact?"
        message={`${name} will be deleted and removed from the stakeholders of every deal.`}
        label="Delete contact"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.error ? (isApiError(remove.error) ? remove.error.detail : 'Could not delete the contact') : null}
        onConfirm={() => remove.mutate(c.id, { onSuccess: () => void navigate('/dashboard/contacts', { replace: true }) })}
      />
    </section>
  );
}
