import { Sparkles, X } from 'lucide-react';

export const ASSISTANT_PANEL_ID = 'assistant-panel';

/** The shell's slot for the chat assistant; its conversation arrives with the assistant feature. */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  return (
    <aside id={ASSISTANT_PANEL_ID} className="assistant-panel" aria-labelledby="assistant-panel-title">
      <div className="assistant-panel-header">
        <h2 id="assistant-panel-title" className="assistant-panel-title">
          <Sparkles size={18} aria-hidden="true" />
          Assistant
        </h2>
        <button type="button" className="icon-button" aria-label="Close assistant" onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="assistant-panel-body">
        <p className="assistant-empty">Ask Me Anything?</p>
      </div>
    </aside>
  );
}
