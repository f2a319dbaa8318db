import { CircleCheck, CircleDashed, CircleMinus } from 'lucide-react';
import type { ChipState, StatusChip } from '../utils/status-chips';

const ICON: Record<ChipState, typeof CircleCheck> = { active: CircleCheck, neutral: CircleDashed, inactive: CircleMinus };
const STATE_TEXT: Record<ChipState, string> = { active: 'yes', neutral: 'not yet', inactive: 'no' };

/** The status strip; each chip says its state in words too, and why, for screen readers and on hover. */
export function DealStatusChips({ chips }: { chips: readonly StatusChip[] }) {
  return (
    <ul className="status-chips" aria-label="Deal status">
      {chips.map((chip) => {
        const Icon = ICON[chip.state];
        return (
          <li key={chip.label} className={`status-chip status-chip-${chip.state}`} title={chip.reason} data-state={chip.state}>
            <Icon size={14} aria-hidden="true" />
            {chip.label}
            <span className="sr-only">
              : {STATE_TEXT[chip.state]} ({chip.reason})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
