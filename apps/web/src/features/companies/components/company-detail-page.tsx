import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { useDeleteCompany } from '../api/delete-company';
import { useCompany } from '../api/get-company';
import { CompanyFormDialog } from './company-form-dialog';
import { RelatedContacts, RelatedDeals, RelatedMeetings } from './company-related';
import '../../../components/ui/records.css';

/** /dashboard/companies/:id: the company's fields with Edit and Delete, and its deals, contacts and meetings. */
export function CompanyDetailPage({ below }: { below?: (id: string) => ReactNode }) {
  const { id = '' } = useParams();
  const company = useCompany(id);
  const navigate = useNavigate();
  const remove = useDeleteCompany();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (company.isPending) return <Spinner label="Loading company" size={32} />;
  if (company.isError) {
    return (
      <div className="records-state">
        <AlertMessage plain>{isApiError(company.error, 404) ? 'Company not found' : 'Failed to load the company'}</AlertMessage>
        <Link to="/dashboard/companies">Back to companies</Link>
      </div>
    );
  }
  const { data: c, deals, contacts, meetings } = company.data;
  const fields: [string, string | null][] = [
    ['Domain', c.domain],
    ['Industry', c.industry],
    ['City', c.city],
    ['Phone', c.phone],
    ['Owner', c.owner?.name ?? null],
  ];

  return (
    <section className="records-page" aria-labelledby="company-title">
      <Link to="/dashboard/companies" className="records-back">
        <ArrowLeft size={16} aria-hidden="true" /> Companies
      </Link>
      <div className="records-heading">
        <h2 id="company-title">{c.name}</h2>
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
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value || '-'}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card as="div" raised className="records-content">
          <RelatedDeals deals={deals} />
          <RelatedContacts contacts={contacts} />
          <RelatedMeetings meetings={meetings} />
        </Card>
      </div>
      {below ? <div className="records-detail-grid">{below(c.id)}</div> : null}
      <CompanyFormDialog open={editing} onOpenChange={setEditing} company={c} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => (setDeleting(open), remove.reset())}
        title="Delete company?"
        message={`${c.name} will be deleted. Its deals and contacts stay, without a company.`}
        label="Delete company"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.error ? (isApiError(remove.error) ? remove.error.detail : 'Could not delete the company') : null}
        onConfirm={() => remove.mutate(c.id, { onSuccess: () => void navigate('/dashboard/companies', { replace: true }) })}
      />
    </section>
  );
}
