import type { TUserRow } from '@pipewise/contract/users';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ColumnHeader, Table } from '../../../components/ui/table';
import { accessLabel, emailParts, formatLastLogin, fullNameOf, teamLabel } from './user-format';

type UsersTableProps = {
  users: readonly TUserRow[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Present for admins: a per-row Edit action. */
  onEdit?: (user: TUserRow) => void;
};

export function UsersTable({ users, isPending, isError, onRetry, onEdit }: UsersTableProps) {
  if (isPending) return <Spinner label="Loading users" />;
  if (isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state-title">Failed to load users</p>
        <p className="muted">Failed to fetch users. Please try again.</p>
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (users.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">No users found</p>
        <p className="muted">Get started by adding your first user</p>
      </div>
    );
  }
  return (
    <Table
      caption="Users of your workspace"
      head={
        <>
          <ColumnHeader>Full Name</ColumnHeader>
          <ColumnHeader>Email Address</ColumnHeader>
          <ColumnHeader>Team</ColumnHeader>
          <ColumnHeader>Access</ColumnHeader>
          <ColumnHeader>Last Login</ColumnHeader>
          {onEdit ? <ColumnHeader hiddenLabel>Actions</ColumnHeader> : null}
        </>
      }
    >
      {users.map((user) => {
        const name = fullNameOf(user);
        const deactivated = user.status === 'deactivated';
        const [local, domain] = emailParts(user.email);
        return (
          <tr key={user.id} className={deactivated ? 'row-deactivated' : undefined}>
            <th scope="row" className="cell-name">
              {name}
              {deactivated ? <span className="badge badge-danger">Deactivated</span> : null}
            </th>
            <td className="cell-email">
              {local}
              <wbr />
              {domain}
            </td>
            <td className="cell-nowrap">{teamLabel(user.team)}</td>
            <td className="cell-nowrap">{accessLabel(user.role || user.access)}</td>
            <td className="cell-nowrap">{formatLastLogin(user.last_login)}</td>
            {onEdit ? (
              <td className="cell-actions">
                <Button variant="ghost" className="btn-small" aria-label={`Edit ${name}`} onClick={() => onEdit(user)}>
                  Edit
                </Button>
              </td>
            ) : null}
          </tr>
        );
      })}
    </Table>
  );
}
