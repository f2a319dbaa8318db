import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/**
 * The overlay's code (Radix Dialog, the calls' schemas) loads when it first opens: the meeting
 * screens that show this button paint without it.
 */
const UpcomingCallsDialog = lazy(async () => ({ default: (await import('./upcoming-calls-dialog')).UpcomingCallsDialog }));

/** 'View upcoming calls' for a screen header's actions: opens the 'Upcoming Calls' overlay. */
export function UpcomingCallsButton() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
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
      <button
        ref={opener}
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <CalendarClock size={16} aria-hidden="true" />
        View upcoming calls
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <UpcomingCallsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
