import { Maximize2, X } from 'lucide-react';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { HomeAskPanel } from '../../features/assistant/components/home-ask-panel';
import { CallsPanel } from '../../features/calls/components/calls-panel';
import { TodaysTodos } from '../../features/tasks/components/todays-todos';
import './home-page.css';

type SideCardName = 'todos' | 'calls';

type SideCardProps = {
  title: string;
  expanded: boolean;
  onExpand: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** Clicks on the card's own controls (tabs, Join, list toggles) do their job and do not expand it. */
const INTERACTIVE = 'button, a, input, select, textarea, label, [role="tab"]';

/**
 * A right-column card: a click anywhere on it (or its expand button, for the keyboard) expands it
 * to fill the column; expanded, its close button takes it back.
 */
function SideCard({ title, expanded, onExpand, onClose, children }: SideCardProps) {
  const titleId = useId();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (expanded || (event.target as Element).closest(INTERACTIVE)) return;
    onExpand();
  };
  return (
    <section className={`card card-raised home-card${expanded ? ' home-card-expanded' : ''}`} aria-labelledby={titleId} onClick={onClick}>
      <div className="home-card-header">
        <h2 id={titleId} className="home-card-title">
          {title}
        </h2>
        {expanded ? (
          <button type="button" className="icon-button" aria-label={`Close ${title}`} onClick={onClose}>
            <X size={18} aria-hidden="true" />
          </button>
        ) : (
          <button type="button" className="icon-button" aria-label={`Expand ${title}`} onClick={onExpand}>
            <Maximize2 size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * /dashboard: the ask-assistant panel on the left; today's to dos and upcoming calls on the
 * right. An expanded card takes the whole right column (which widens); closing it gives the
 * width back to the ask panel.
 */
export function HomePage() {
  const [expanded, setExpanded] = useState<SideCardName | null>(null);
  const close = () => setExpanded(null);
  return (
    <div className={`home-layout${expanded ? ' home-layout-expanded' : ''}`}>
      <HomeAskPanel />
      <div className="home-side">
        {expanded === 'calls' ? null : (
          <SideCard title="Today's to dos" expanded={expanded === 'todos'} onExpand={() => setExpanded('todos')} onClose={close}>
            <TodaysTodos expanded={expanded === 'todos'} onExpand={() => setExpanded('todos')} />
          </SideCard>
        )}
        {expanded === 'todos' ? null : (
          <SideCard title="Upcoming Calls" expanded={expanded === 'calls'} onExpand={() => setExpanded('calls')} onClose={close}>
            <CallsPanel expanded={expanded === 'calls'} />
          </SideCard>
        )}
      </div>
    </div>
  );
}
