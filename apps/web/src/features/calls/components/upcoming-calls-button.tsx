import { CalendarClock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { UpcomingCallsDialog } from './upcoming-calls-dialog';

/** 'View upcoming calls' for a screen header's actions: opens the 'Upcoming Calls' overlay. */
export function UpcomingCallsButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The dialog is opened by state, not by a Radix trigger, so Radix has nothing to give focus
  // back to on close: the button takes it back itself once the dialog is gone.
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      {/* The shared Button takes no ref; this is the same secondary button. */}
      <button ref={opener} type="button" className="btn btn-secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <CalendarClock size={16} aria-hidden="true" />
        View upcoming calls
      </button>
      <UpcomingCallsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
