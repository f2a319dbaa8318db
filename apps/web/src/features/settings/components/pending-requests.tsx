import { toast } from 'sonner';
import type { TRegistrationRequest } from '@pipewise/contract/registrations';
import { Spinner } from '../../../components/ui/spinner';
import { ColumnHeader, Table } from '../../../components/ui/table';
import { isApiError } from '../../../lib/http';
import { useDecideRegistrationRequest, type TDecision } from '../api/decide-registration-request';
import { useRegistrationRequests } from '../api/get-registration-requests';
import { DecisionButtons } from './decision-buttons';
import { emailParts, formatDate, fullNameOf } from './user-format';

/** Sign-up requests from the contact form, waiting for an admin (admins only). */
export function PendingRequests() {
  const requests = useRegistrationRequests();
  const decide = useDecideRegistrationRequest();
  const busyId = decide.isPending ? decide.variables.request.id : null;

  const act = (request: TRegistrationRequest, decision: TDecision) =>
    decide.mutate(
      { request, decision },
      {
        onSuccess: () =>
          toast.success(
            decision === 'approve' ? `${fullNameOf(request)} can now sign in.` : `Request from ${fullNameOf(request)} rejected.`,
          ),
        onError: (error) => toast.error((isApiError(error) && error.detail) || 'Failed to update the request. Please try again.'),
      },
    );

  return (
    <section className="pending-requests" aria-labelledby="pending-requests-title">
      <h3 id="pending-requests-title" className="subsection-title">
        Pending requests
      </h3>
      {requests.isPending ? (
        <Spinner label="Loading pending requests" />
      ) : requests.isError ? (
        <p className="field-error" role="alert">
          Failed to load pending requests
        </p>
      ) : requests.data.length === 0 ? (
        <p className="muted">No pending requests</p>
      ) : (
        <Table
          caption="Sign-up requests waiting for approval"
          head={
            <>
              <ColumnHeader>Name and email</ColumnHeader>
              <ColumnHeader>Phone</ColumnHeader>
              <ColumnHeader>Employees</ColumnHeader>
              <ColumnHeader>Requested</ColumnHeader>
              <ColumnHeader hiddenLabel>Decision</ColumnHeader>
            </>
          }
        >
          {requests.data.map((request) => {
            const name = fullNameOf(request);
            const busy = busyId === request.id;
            return (
              <tr key={request.id}>
                <th scope="row">
                  {name}
                  <span className="cell-secondary cell-email">
                    {emailParts(request.email)[0]}
                    <wbr />
                    {emailParts(request.email)[1]}
                  </span>
                </th>
                <td className="cell-nowrap">{request.phone_number}</td>
                <td>{request.num_employees}</td>
                <td className="cell-nowrap">{formatDate(request.requested_at)}</td>
                <DecisionButtons name={name} busy={busy} onDecide={(decision) => act(request, decision)} />
              </tr>
            );
          })}
        </Table>
      )}
    </section>
  );
}
