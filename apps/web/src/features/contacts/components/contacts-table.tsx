import { Link } from 'react-router';
import type { TContact } from '@pipewise/contract/companies';
import { ColumnHeader, Table } from '../../../components/ui/table';

export const contactName = (c: Pick<TContact, 'firstname' | 'lastname'>) => `${c.firstname} ${c.lastname}`.trim();

/** The contacts of a page: a table on a desk, a card per contact on a phone (records.css). */
export function ContactsTable({ contacts, busy }: { contacts: readonly TContact[]; busy: boolean }) {
  return (
    <Table
      caption="Contacts"
      className="records-table"
      busy={busy}
      head={
        <>
          <ColumnHeader>Name</ColumnHeader>
          <ColumnHeader>Email</ColumnHeader>
          <ColumnHeader>Phone</ColumnHeader>
          <ColumnHeader>Job title</ColumnHeader>
          <ColumnHeader>Company</ColumnHeader>
          <ColumnHeader>Owner</ColumnHeader>
        </>
      }
    >
      {contacts.map((c) => (
        <tr key={c.id}>
          <th scope="row" className="records-name">
            <Link to={`/dashboard/contacts/${c.id}`}>{contactName(c)}</Link>
          </th>
          <td data-label="Email">{c.email ?? '-'}</td>
          <td data-label="Phone">{c.phone ?? '-'}</td>
          <td data-label="Job title">{c.jobtitle ?? '-'}</td>
          <td data-label="Company">{c.company ? <Link to={`/dashboard/companies/${c.company.id}`}>{c.company.name}</Link> : '-'}</td>
          <td data-label="Owner">{c.owner?.name ?? '-'}</td>
        </tr>
      ))}
    </Table>
  );
}
