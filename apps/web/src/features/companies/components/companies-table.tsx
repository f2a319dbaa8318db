import { Link } from 'react-router';
import type { TCompany } from '@pipewise/contract/companies';
import { ColumnHeader, Table } from '../../../components/ui/table';

/** The companies of a page: a table on a desk, a card per company on a phone (records.css). */
export function CompaniesTable({ companies, busy }: { companies: readonly TCompany[]; busy: boolean }) {
  return (
    <Table
      caption="Companies"
      className="records-table"
      busy={busy}
      head={
        <>
          <ColumnHeader>Name</ColumnHeader>
          <ColumnHeader>Domain</ColumnHeader>
          <ColumnHeader>Industry</ColumnHeader>
          <ColumnHeader>City</ColumnHeader>
          <ColumnHeader>Owner</ColumnHeader>
          <ColumnHeader>Deals</ColumnHeader>
          <ColumnHeader>Contacts</ColumnHeader>
        </>
      }
    >
      {companies.map((c) => (
        <tr key={c.id}>
          <th scope="row" className="records-name">
            <Link to={`/dashboard/companies/${c.id}`}>{c.name}</Link>
          </th>
          <td data-label="Domain">{c.domain ?? '-'}</td>
          <td data-label="Industry">{c.industry ?? '-'}</td>
          <td data-label="City">{c.city ?? '-'}</td>
          <td data-label="Owner">{c.owner?.name ?? '-'}</td>
          <td data-label="Deals">{c.deal_count}</td>
          <td data-label="Contacts">{c.contact_count}</td>
        </tr>
      ))}
    </Table>
  );
}
