import { LoaderCircle, MessageSquareText, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HOME_SUGGESTIONS, withAccount, type THomeChatEntry } from '../utils/home-chat-entry';
import { SourceLinks } from './source-links';
import { useHomeChat } from './use-home-chat';
import './chat.css';
import './home-ask.css';

function Answer({ entry }: { entry: THomeChatEntry }) {
  if (entry.response === null) {
    return (
      <p className="chat-bubble home-ask-thinking" role="status">
        <LoaderCircle size={16} className="spinner-icon" aria-hidden="true" />
        Thinking...
      </p>
    );
  }
  return (
    <div className={`chat-bubble ${entry.isError ? 'chat-bubble-error' : ''}`} role={entry.isError ? 'alert' : undefined}>
      <p className="chat-text">{entry.response}</p>
      {entry.note ? <p className="chat-note">{entry.note}</p> : null}
      {entry.sources?.length ? <SourceLinks sources={entry.sources} /> : null}
    </div>
  );
}

/**
 * The home dashboard's ask-assistant panel: questions about accounts, meetings or the team,
 * optionally about one account, answered by the sales chat.
 */
export function HomeAskPanel() {
  const { entries, ask, clearHistory } = useHomeChat();
  const [account, setAccount] = useState('');
  const [input, setInput] = useState('');
  const titleId = useId();
  const accountId = useId();
  const logRef = useRef<HTMLDivElement>(null);

  // The newest question and its answer stay in view; only the list scrolls, never the page.
  useEffect(() => {
    if (logRef.current) logRef.current.scrollTop = logRef.current.scrollHeight;
  }, [entries]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!input.trim()) return;
    setInput('');
    void ask(input, account);
  };

  return (
    <section className="card card-raised home-ask" aria-labelledby={titleId}>
      <div className="home-ask-header">
        <h2 id={titleId} className="home-ask-title">
          <MessageSquareText size={18} aria-hidden="true" />
          Get instant answers about your accounts, meetings or team - just ask
        </h2>
        <button type="button" className="btn btn-link btn-small" onClick={clearHistory} disabled={entries.length === 0}>
          Clear History
        </button>
      </div>
      <div className="home-ask-account">
        <label htmlFor={accountId}>Account</label>
        <input id={accountId} className="input" value={account} placeholder="Any account" onChange={(e) => setAccount(e.target.value)} />
      </div>
      <div ref={logRef} className="home-ask-messages" role="log" aria-label="Questions and answers">
        {entries.length === 0 ? (
          <ul className="home-ask-tiles" aria-label="Suggested questions">
            {HOME_SUGGESTIONS.map((question, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="chat-suggestion home-ask-tile"
                  onClick={() => void ask(withAccount(question, account), account)}
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <ol className="chat-list">
            {entries.map((entry) => (
              <li key={entry.id} className="home-ask-entry">
                <p className="chat-row chat-row-user chat-bubble chat-bubble-user">
                  <span className="sr-only">You: </span>
                  {entry.query}
                </p>
                <div className="chat-row chat-row-assistant">
                  <Answer entry={entry} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
      <form className="home-ask-form" onSubmit={onSubmit}>
        <input
          className="input"
          aria-label="Question"
          placeholder="Ask about your accounts, meetings or team..."
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={!input.trim()}>
          <SendHorizontal size={16} aria-hidden="true" />
          Ask
        </button>
      </form>
    </section>
  );
}
