import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CONTACT_SORTS, RECORD_PAGE_SIZES } from '@pipewise/contract/companies';
import { RecordListPage } from '../../../components/ui/record-list-page';
import { CONTACTS_QUERY_KEY } from '../api/contact-query-keys';
import { useContacts } from '../api/get-contacts';
import { useOwners } from '../api/get-options';
import { paramsOf, stateOf, type ContactListState } from '../utils/contact-list-params';
import { ContactsTable } from './contacts-table';
import { ContactFormDialog } from './contact-form-dialog';

/** /dashboard/contacts: the contacts the caller sees, searched, sorted, filtered by owner and paged on the server. */
export function ContactsPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const contacts = useContacts(paramsOf(state));
  const owners = useOwners();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useCallback(
    (next: Partial<ContactListState>) => setParams(paramsOf({ ...state, page: 1, ...next }), { replace: true }),
    [state, setParams],
  );

  return (
    <RecordListPage
      noun={{ one: 'contact', many: 'contacts' }}
      state={state}
      update={update}
      sorts={CONTACT_SORTS}
      pageSizes={RECORD_PAGE_SIZES}
      owners={owners.data ?? []}
      query={contacts}
      retry={() => void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY })}
      table={(rows, busy) => <ContactsTable contacts={rows} busy={busy} />}
      createDialog={(open, onOpenChange) => (
        <ContactFormDialog
          open={open}
          onOpenChange={onOpenChange}
          contact={null}
          onSaved={(contact) => void navigate(`/dashboard/contacts/${contact.id}`)}
        />
      )}
    />
  );
}
