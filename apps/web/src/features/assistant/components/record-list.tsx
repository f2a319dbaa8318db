import { Link } from 'react-router';
import { OBJECT_TYPES, type TRecordView } from '@pipewise/contract/assistant';
import { recordName, safeHref } from '../utils/chat-text';

type RecordListProps = {
  records: TRecordView[];
  /** Given for a selection: each record gets an 'Update' button that starts an update command. */
  onUpdate?: (record: TRecordView) => void;
};

/** Deals, companies and contacts can be updated by a command; meetings and calls cannot. */
const isCrmObject = (record: TRecordView) => (OBJECT_TYPES as readonly string[]).includes(record.object_type);

/** Records as property name/value lists (empty values left out). */
export function RecordList({ records, onUpdate }: RecordListProps) {
  if (records.length === 0) return null;
  return (
    <ul className="chat-records">
      {records.map((record) => (
        <li key={`${record.object_type}-${record.id}`} className="chat-record">
          <dl className="chat-props">
            {Object.entries(record.properties)
              .filter(([, value]) => value !== null && value !== '')
              .map(([name, value]) => (
                <div key={name} className="chat-prop">
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <RecordLink record={record} />
          {onUpdate && isCrmObject(record) ? (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={`Update ${record.object_type} ${recordName(record)}`}
              onClick={() => onUpdate(record)}
            >
              Update
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A record with a page of its own (deals) links to it; only app paths, never a script URL. */
function RecordLink({ record }: { record: TRecordView }) {
  const href = safeHref(record.url);
  if (!href?.startsWith('/')) return null;
  return (
    <Link to={href} className="chat-record-link">
      Open {record.object_type} {recordName(record)}
    </Link>
  );
}
