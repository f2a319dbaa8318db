import { Link } from 'react-router';

/** Shown instead of the conversation when the workspace uses HubSpot and the caller has not connected. */
export function ConnectPrompt() {
  return (
    <div className="assistant-connect">
      <h3 className="assistant-connect-title">Connect with your HubSpot account</h3>
      <p className="muted">To use Pipewise, please connect your HubSpot account to continue.</p>
      <Link className="btn btn-primary" to="/dashboard/settings">
        Connect HubSpot
      </Link>
    </div>
  );
}
