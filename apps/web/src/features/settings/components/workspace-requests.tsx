import { toast } from 'sonner';
import type { TWorkspaceRequest } from '@pipewise/contract/workspaces';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { useDecideWorkspaceRequest, type TWorkspaceDecision } from '../api/decide-workspace-request';
import { useWorkspaceRequests } from '../api/get-workspace-requests';
import { DecisionButtons } from './decision-buttons';
import { emailParts, formatDate, fullNameOf } from './user-format';

/** Settings -> New Workspaces (operators): sign-ups from companies that have no workspace yet. */
export function WorkspaceRequests() {
  const requests = useWorkspaceRequests();
  const decide = useDecideWorkspaceRequest();
  const busyId = decide.isPending ? decide.variables.request.id : null;

  const act = (request: TWorkspaceRequest, decision: TWorkspaceDecision) =>
    decide.mutate(
      { request, decision },
      {
        onSuccess: () =>
          toast.success(
            decision === 'approve'
              ? `Workspace ${request.workspace_name} created. ${fullNameOf(request)} is its admin and has been emailed.`
              : `Request from ${fullNameOf(request)} rejected. They have been emailed.`,
          ),
        onError: (error) => toast.error((isApiError(error) && error.detail) || 'Failed to update the request. Please try again.'),
      },
    );

  return (
    <div className="stack">
      <p className="muted">
        Sign-up requests from companies that have no workspace yet. Approving one creates the company&apos;s workspace with the requester as
        its admin; either way they get an email.
      </p>
      {requests.isPending ? (
        <Spinner label="Loading sign-up requests" />
      ) : requests.isError ? (
        <p className="field-error" role="alert">
          Failed to load sign-up requests
        </p>
      ) : requests.data.length === 0 ? (
        <p className="muted">No sign-up requests from new companies</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">Sign-up requests from companies without a workspace</caption>
            <thead>
              <tr>
                <th scope="col">Requester</th>
                <th scope="col">New workspace</th>
                <th scope="col">Employees</th>
                <th scope="col">Requested</th>
                <th scope="col">
                  <span className="sr-only">Decision</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.data.map((request) => {
                const name = fullNameOf(request);
                const busy = busyId === request.id;
                const [local, at] = emailParts(request.email);
                return (
                  <tr key={request.id}>
                    <th scope="row">
                      {name}
                      <span className="cell-secondary cell-email">
                        {local}
                        <wbr />
                        {at}
                      </span>
                      <span className="cell-secondary">{request.phone_number}</span>
                    </th>
                    <td>
                      {request.workspace_name}
                      <span className="cell-secondary">{request.domain}</span>
                    </td>
                    <td>{request.num_employees}</td>
                    <td className="cell-nowrap">{formatDate(request.requested_at)}</td>
                    <DecisionButtons name={name} busy={busy} onDecide={(decision) => act(request, decision)} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
