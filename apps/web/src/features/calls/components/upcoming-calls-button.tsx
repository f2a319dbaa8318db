import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UpcomingCallsDialog } from './upcoming-calls-dialog';

/** 'View upcoming calls' for a screen header's actions: opens the 'Upcoming Calls' overlay. */
export function UpcomingCallsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <CalendarClock size={16} aria-hidden="true" />
        View upcoming calls
      </Button>
      <UpcomingCallsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
