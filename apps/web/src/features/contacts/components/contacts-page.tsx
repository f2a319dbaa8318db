import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CONTACT_SORTS, RECORD_PAGE_SIZES } from '@pipewise/contract/companies';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListPager } from '../../../components/ui/list-pager';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { CONTACTS_QUERY_KEY } from '../api/contact-query-keys';
import { useContacts } from '../api/get-contacts';
import { useOwners } from '../api/get-options';
import { CONTACT_SORT_LABELS, paramsOf, stateOf, type ContactListState } from '../utils/contact-list-params';
import { ContactsTable } from './contacts-table';
import { ContactFormDialog } from './contact-form-dialog';
import '../../../components/ui/records.css';

/** /dashboard/contacts: the contacts the caller sees, searched, sorted, filtered by owner and paged on the server. */
export function ContactsPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const contacts = useContacts(paramsOf(state));
  const owners = useOwners();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const update = useCallback(
    (next: Partial<ContactListState>) => setParams(paramsOf({ ...state, page: 1, ...next }), { replace: true }),
    [state, setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const filtered = state.search !== '' || state.owner !== '';
  const total = contacts.data?.total ?? 0;

  let content;
  if (contacts.isError) {
    content = (
      <div className="records-state">
        <AlertMessage plain>Failed to load contacts</AlertMessage>
        <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY })}>
          Retry
        </Button>
      </div>
    );
  } else if (contacts.isPending) {
    content = (
      <div className="records-state">
        <Spinner label="Loading contacts" size={32} />
      </div>
    );
  } else if (total === 0) {
    content = <p className="empty-state">{filtered ? 'No contacts match your search' : 'No contacts yet'}</p>;
  } else {
    content = (
      <>
        <ContactsTable contacts={contacts.data.data} busy={contacts.isFetching} />
        <ListPager
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={RECORD_PAGE_SIZES}
          total={total}
          noun="contacts"
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
        />
      </>
    );
  }

  return (
    <section className="records-page" aria-labelledby="contacts-title">
      <div className="records-heading">
        <h2 id="contacts-title" className="sr-only">
          All contacts
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden="true" /> New contact
        </Button>
      </div>
      <div className="records-toolbar">
        <SearchBox value={state.search} onSearch={onSearch} label="Search contacts" />
        <SelectField
          label="Sort"
          value={state.sort}
          options={CONTACT_SORTS.map((s) => ({ value: s, label: CONTACT_SORT_LABELS[s] }))}
          onChange={(e) => update({ sort: e.target.value as ContactListState['sort'] })}
        />
        <SelectField
          label="Owner"
          value={state.owner}
          placeholder="Everyone"
          options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          onChange={(e) => update({ owner: e.target.value })}
        />
      </div>
      <Card as="div" raised className="records-content">
        {content}
      </Card>
      <ContactFormDialog
        open={creating}
        onOpenChange={setCreating}
        contact={null}
        onSaved={(contact) => void navigate(`/dashboard/contacts/${contact.id}`)}
      />
    </section>
  );
}
