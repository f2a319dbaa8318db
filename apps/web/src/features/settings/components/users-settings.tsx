import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { isAdminRole } from '@pipewise/contract/common';
import type { TUserRow } from '@pipewise/contract/users';
import { Button } from '../../../components/ui/button';
import { useUsers } from '../api/get-users';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { PendingRequests } from './pending-requests';
import { UsersTable } from './users-table';

/** Settings -> Users: pending sign-ups (admins), the workspace's users, add and edit (admins). */
export function UsersSettings({ profile }: { profile: TProfileResponse }) {
  const isAdmin = isAdminRole(profile.role || profile.database_record.role);
  const users = useUsers();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TUserRow | null>(null);
  const allUsers = users.data ?? [];

  return (
    <div className="stack">
      <div className="section-toolbar">
        <p className="muted">Everyone in your workspace, their team, access and last sign-in.</p>
        {isAdmin ? (
          <Button onClick={() => setAdding(true)}>
            <UserPlus size={18} aria-hidden="true" />
            Add User
          </Button>
        ) : null}
      </div>
      {isAdmin ? <PendingRequests /> : null}
      <UsersTable
        users={allUsers}
        isPending={users.isPending}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        onEdit={isAdmin ? setEditing : undefined}
      />
      {isAdmin ? (
        <>
          <AddUserDialog open={adding} onOpenChange={setAdding} callerEmail={profile.email} users={allUsers} />
          <EditUserDialog user={editing} onClose={() => setEditing(null)} users={allUsers} />
        </>
      ) : null}
    </div>
  );
}
