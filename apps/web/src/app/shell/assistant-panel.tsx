import { Sparkles, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AlertMessage } from '../../components/ui/alert-message';
import { Button } from '../../components/ui/button';
import { lazyModule, useLazyModule } from '../../components/ui/lazy-module';
import { Spinner } from '../../components/ui/spinner';
import { CHUNK_FAILED_MESSAGE } from '../../lib/chunk-load';

export const ASSISTANT_PANEL_ID = 'assistant-panel';

/**
 * The conversation's code loads on the panel's first opening, not with the dashboard. If it does not
 * arrive (at once, or within 120 seconds), the panel says so with a Reload button; opening it again
 * tries again.
 */
const assistantChat = lazyModule(() => import('../../features/assistant/components/assistant-chat'));

/**
 * The chat assistant, fixed on the right under the header. Opening moves focus into it (the
 * conversation puts it in the input); Escape or the close button closes it and gives focus
 * back to whatever opened it (the header button).
 */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const panelRef = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const onFail = useCallback(() => setFailed(true), []);
  const chat = useLazyModule(assistantChat, true, onFail);
  // Read while rendering the opening: by the time effects run, the input may hold focus already.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    if (!panelRef.current?.contains(document.activeElement)) panelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <aside
      ref={panelRef}
      id={ASSISTANT_PANEL_ID}
      className="assistant-panel"
      aria-labelledby="assistant-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="assistant-panel-header">
        <h2 id="assistant-panel-title" className="assistant-panel-title">
          <Sparkles size={18} aria-hidden="true" />
          Assistant
        </h2>
        <button type="button" className="icon-button" aria-label="Close assistant" onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {chat ? (
        <chat.AssistantChat />
      ) : (
        <div className="assistant-panel-body">
          {failed ? (
            <div className="stack-center">
              <AlertMessage>{CHUNK_FAILED_MESSAGE}</AlertMessage>
              <Button onClick={() => window.location.reload()}>Reload</Button>
            </div>
          ) : (
            <Spinner label="Loading the assistant" />
          )}
        </div>
      )}
    </aside>
  );
}
