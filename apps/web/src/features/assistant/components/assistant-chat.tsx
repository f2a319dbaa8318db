import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TRecordView } from '@pipewise/contract/assistant';
import { useCrmConnection } from '../api/use-crm-connection';
import { updateCommandFor } from '../utils/chat-text';
import { ChatEmptyState } from './chat-empty-state';
import { ConnectPrompt } from './connect-prompt';
import { MessageBubble } from './message-bubble';
import { CONFIRM_PLACEHOLDER, useAssistantChat } from './use-assistant-chat';
import './chat.css';
import './assistant.css';

const PLACEHOLDER = 'Type a command or ask a question...';

/**
 * The assistant panel's body: the conversation, the input and Clear History. Loaded on the
 * panel's first opening, so its code stays out of the dashboard's first load.
 */
export function AssistantChat() {
  const { connected } = useCrmConnection();
  return connected ? <Conversation /> : <ConnectPrompt />;
}

function Conversation() {
  const { messages, pending, busy, send, clearHistory } = useAssistantChat();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  // The panel opens with the caret in the input.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  // Keep the latest message in view from its first line (a long answer is read from the top),
  // or the spinner while a reply is pending. Only the list scrolls, never the page.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const last = log.querySelector<HTMLElement>('.chat-row:last-child');
    log.scrollTop = busy || !last ? log.scrollHeight : last.offsetTop - 12;
  }, [messages.length, busy]);

  const submit = async (text: string) => {
    if (!text.trim() || busy) return;
    setInput('');
    await send(text);
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(input);
  };

  const onUpdate = (record: TRecordView) => {
    setInput(updateCommandFor(record));
    inputRef.current?.focus();
  };

  return (
    <>
      <div ref={logRef} className="assistant-messages" role="log" aria-label="Conversation" aria-busy={busy}>
        {messages.length === 0 && !busy ? (
          <ChatEmptyState disabled={busy} onPick={(command) => void submit(command)} />
        ) : (
          <ol className="chat-list">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} onUpdate={onUpdate} />
            ))}
          </ol>
        )}
        {busy ? (
          <p className="assistant-processing" role="status">
            <LoaderCircle size={16} className="spinner-icon" aria-hidden="true" />
            Processing your request...
          </p>
        ) : null}
      </div>
      <div className="assistant-composer">
        <form className="assistant-form" onSubmit={onSubmit}>
          <input
            ref={inputRef}
            className="input"
            aria-label="Message"
            placeholder={pending ? CONFIRM_PLACEHOLDER : PLACEHOLDER}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="icon-button icon-button-accent" aria-label="Send" disabled={busy || !input.trim()}>
            <SendHorizontal size={18} aria-hidden="true" />
          </button>
        </form>
        <div className="assistant-composer-footer">
          <button type="button" className="btn btn-link btn-small" onClick={clearHistory} disabled={busy || messages.length === 0}>
            Clear History
          </button>
        </div>
        <p className="assistant-disclaimer">AI can make mistakes, including about people, so please double check</p>
      </div>
    </>
  );
}
