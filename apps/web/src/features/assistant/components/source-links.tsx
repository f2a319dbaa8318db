import { Link } from 'react-router';
import type { TChatSource } from '@pipewise/contract/assistant';
import { safeHref } from '../utils/chat-text';

/** The records an answer comes from (deals, meetings...), linked under the answer. */
export function SourceLinks({ sources }: { sources: TChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="chat-sources">
      <span className="chat-sources-title">Sources</span>
      <ul className="chat-sources-list">
        {sources.map((source) => {
          const href = safeHref(source.url);
          const text = `${source.type}: ${source.label}`;
          return (
            <li key={`${source.type}-${source.id}`}>
              {!href ? (
                <span>{text}</span>
              ) : href.startsWith('/') ? (
                <Link to={href}>{text}</Link>
              ) : (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {text}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
