import { Link } from 'react-router';
import type { TCallMention } from '@pipewise/contract/coaching';
import { PlayTime } from './play-time';

type Play = ((seconds: number) => void) | null;

const KINDS = [
  { kind: 'competitor', title: 'Competitors', none: 'No competitor named.' },
  { kind: 'pricing', title: 'Pricing', none: 'Nothing said about pricing.' },
  { kind: 'next_steps', title: 'Next steps', none: 'No next steps mentioned.' },
] as const;

function MentionItem({ mention, onPlay }: { mention: TCallMention; onPlay: Play }) {
  return (
    <li className="mention">
      <span className="mention-head">
        {mention.at === null ? null : <PlayTime seconds={mention.at} onPlay={onPlay} label={mention.term} />}
        <span className="badge badge-neutral">{mention.term}</span>
        {mention.speaker ? <span className="muted">{mention.speaker}</span> : null}
      </span>
      <q className="mention-text">{mention.text}</q>
    </li>
  );
}

/** Where the call named a competitor (Settings' list), pricing or next steps: each with its time (plays) and its sentence. */
export function CallMentions({ mentions, onPlay }: { mentions: readonly TCallMention[]; onPlay: Play }) {
  return (
    <>
      <p className="muted call-stats-help">
        Where the call named one of your competitors, pricing (price, cost, budget, discount, quote, per seat…) or next steps (follow up,
        schedule, send over, action items…), with the sentence it was said in.
      </p>
      <div className="mentions">
        {KINDS.map(({ kind, title, none }) => {
          const found = mentions.filter((m) => m.kind === kind);
          return (
            <section key={kind} className="mention-group" aria-labelledby={`mentions-${kind}`}>
              <h4 id={`mentions-${kind}`} className="call-stats-subtitle">
                {title} <span className="muted">({found.length})</span>
              </h4>
              {found.length === 0 ? (
                <p className="muted">
                  {none}
                  {kind === 'competitor' ? (
                    <>
                      {' '}
                      The names looked for are set in <Link to="/dashboard/settings?section=general">Settings</Link>.
                    </>
                  ) : null}
                </p>
              ) : (
                <ul className="mention-list">
                  {found.map((mention, i) => (
                    <MentionItem key={i} mention={mention} onPlay={onPlay} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
