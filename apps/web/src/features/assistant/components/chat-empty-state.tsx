import { Sparkles } from 'lucide-react';

/** The spec's three example commands (a deal create, a company update, a contact create), in the command parser's own words. */
export const EXAMPLE_COMMANDS = [
  'create deal "Acme renewal" with amount 2.5 lakh and stage Discovery',
  'update company acme.example industry Fintech',
  'create contact Priya Shah priya@acme.example phone +91 98765 43210 at Acme',
] as const;

/** Before the first message: a prompt and example commands; choosing one sends it. */
export function ChatEmptyState({ onPick, disabled }: { onPick: (command: string) => void; disabled: boolean }) {
  return (
    <div className="assistant-empty-state">
      <Sparkles size={28} aria-hidden="true" className="assistant-empty-icon" />
      <p className="assistant-empty">Ask Me Anything?</p>
      <ul className="assistant-examples" aria-label="Example commands">
        {EXAMPLE_COMMANDS.map((command) => (
          <li key={command}>
            <button type="button" className="chat-suggestion assistant-example" disabled={disabled} onClick={() => onPick(command)}>
              {command}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
