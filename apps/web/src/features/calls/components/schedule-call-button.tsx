import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { AttendeeSuggestion } from './attendee-picker';
import { ScheduleCallDialog } from './schedule-call-dialog';

type ScheduleCallButtonProps = {
  deal?: { id: string; name: string } | null;
  suggestions?: readonly AttendeeSuggestion[];
  className?: string;
};

/** "Schedule call": opens the dialog, the deal preset when there is one. */
export function ScheduleCallButton({ deal = null, suggestions = [], className }: ScheduleCallButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <CalendarPlus size={16} aria-hidden="true" />
        Schedule call
      </Button>
      <ScheduleCallDialog open={open} onOpenChange={setOpen} deal={deal} suggestions={suggestions} />
    </>
  );
}
