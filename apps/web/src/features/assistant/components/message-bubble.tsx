import type { TRecordView } from '@pipewise/contract/assistant';
import type { TChatMessage } from '../utils/chat-message';
import { messageTime } from '../utils/chat-text';
import { RecordList } from './record-list';
import { SourceLinks } from './source-links';

const SPEAKER: Record<TChatMessage['type'], string> = { user: 'You', bot: 'Assistant', system: 'Assistant', error: 'Assistant' };

function bubbleClass(message: TChatMessage): string {
  const variant = message.isSuccess ? 'success' : message.isError || message.type === 'error' ? 'error' : message.type;
  return `chat-bubble chat-bubble-${variant}`;
}

/** One message; its text is rendered as text (never as HTML), line breaks kept. */
export function MessageBubble({ message, onUpdate }: { message: TChatMessage; onUpdate: (record: TRecordView) => void }) {
  const time = messageTime(message.timestamp);
  return (
    <li className={`chat-row chat-row-${message.type === 'user' ? 'user' : 'assistant'}`}>
      <div className={bubbleClass(message)}>
        <span className="sr-only">{SPEAKER[message.type]}: </span>
        <p className="chat-text">{message.content}</p>
        {message.results?.length ? <RecordList records={message.results} onUpdate={message.isSelection ? onUpdate : undefined} /> : null}
        {message.note ? <p className="chat-note">{message.note}</p> : null}
        {message.sources?.length ? <SourceLinks sources={message.sources} /> : null}
      </div>
      {time ? (
        <time className="chat-time" dateTime={message.timestamp}>
          {time}
        </time>
      ) : null}
    </li>
  );
}
