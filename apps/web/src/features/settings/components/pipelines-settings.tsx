import { useState } from 'react';
import { Info } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePipelineSettings } from '../api/pipelines';
import { NewPipelineForm } from './new-pipeline-form';
import { PipelineCard } from './pipeline-card';
import './pipelines.css';

/**
 * Settings -> Pipelines: everyone reads the workspace's pipelines and stages; admins create, rename
 * and archive pipelines and add, edit, reorder and remove stages. On a HubSpot workspace the list is
 * HubSpot's, read only, with where to change it.
 */
export function PipelinesSettings() {
  const [showArchived, setShowArchived] = useState(false);
  const pipelines = usePipelineSettings(showArchived);

  if (pipelines.isPending) return <Spinner label="Loading pipelines" />;
  if (pipelines.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state-title">Failed to load pipelines</p>
        <p className="muted">Failed to fetch pipelines. Please try again.</p>
        <Button variant="secondary" onClick={() => void pipelines.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { data, can_manage: canManage, read_only_reason: readOnlyReason } = pipelines.data;

  return (
    <div className="stack">
      <div className="section-toolbar">
        <p className="muted">The stages your deals move through, with the probability of closing at each.</p>
        <label className="checkbox-label">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          Show archived pipelines
        </label>
      </div>
      {readOnlyReason ? (
        <p className="alert alert-info pipelines-read-only" role="note">
          <Info size={16} aria-hidden="true" />
          <span>{readOnlyReason}</span>
        </p>
      ) : !canManage ? (
        <p className="muted">Only admins can change pipelines.</p>
      ) : null}
      {canManage ? <NewPipelineForm /> : null}
      {data.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">No pipelines yet</p>
          <p className="muted">{canManage ? 'Create your first pipeline above.' : 'Ask an admin to create one.'}</p>
        </div>
      ) : (
        <ul className="pipelines-list">
          {data.map((pipeline) => (
            <li key={pipeline.id}>
              <PipelineCard pipeline={pipeline} canManage={canManage} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
