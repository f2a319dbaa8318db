import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CALL_LENGTHS, type TCalendarMeeting, type TMeetingUpdateBody } from '@pipewise/contract/calendar';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/http';
import { useProfile } from '../../../lib/session';
import { useBookMeeting } from '../api/book-meeting';
import { useColleagues } from '../api/get-colleagues';
import { useUpdateMeeting } from '../api/update-meeting';
import { bookingBody, formFieldOf, initialForm, validateBooking, type BookingErrors, type BookingForm } from '../utils/booking-form';
import { AttendeePicker, type AttendeeSuggestion } from './attendee-picker';
import './schedule-call.css';

const LENGTH_OPTIONS = [...CALL_LENGTHS.map((m) => ({ value: String(m), label: `${m} min` })), { value: 'custom', label: 'Custom' }];

type ScheduleCallDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The deal the call is about (preset from a deal's page); none from the calls panel. */
  deal?: { id: string; name: string } | null;
  /** Colleagues and the deal's contacts, offered as attendees. */
  suggestions?: readonly AttendeeSuggestion[];
  /** A booked call to edit; a new call when absent. */
  meeting?: TCalendarMeeting | null;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Schedule (or edit) a call: title, start in the caller's zone, length, attendees, meeting link. */
export function ScheduleCallDialog({ open, onOpenChange, ...rest }: ScheduleCallDialogProps) {
  const editing = !!rest.meeting;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit call' : 'Schedule call'}
      description={rest.deal ? `About ${rest.deal.name}` : undefined}
    >
      {open ? <ScheduleCallForm {...rest} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ScheduleCallForm({
  deal = null,
  suggestions = [],
  meeting = null,
  onDone,
}: Omit<ScheduleCallDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [form, setForm] = useState<BookingForm>(() => initialForm(new Date(), meeting));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const colleagues = useColleagues();
  // The deal's contacts first, then colleagues not already offered.
  // The organiser is on the call already: they are not offered.
  const me = useProfile().data?.email.toLowerCase();
  const offered = [...suggestions, ...(colleagues.data ?? []).filter((c) => !suggestions.some((s) => s.email === c.email))].filter(
    (s) => s.email !== me,
  );
  const book = useBookMeeting();
  const update = useUpdateMeeting();
  const busy = book.isPending || update.isPending;
  const set = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const original = meeting ? initialForm(new Date(), meeting) : null;

  const onError = (error: unknown) => {
    if (isApiError(error, 400) && error.fieldErrors.length) {
      const next: BookingErrors = {};
      for (const { field, message } of error.fieldErrors) {
        const key = formFieldOf(field);
        if (key) next[key] ??= message;
      }
      setErrors(next);
      if (Object.keys(next).length) return;
    }
    const detail = isApiError(error) ? error.detail : '';
    if (isApiError(error, 400) && detail.includes('start')) setErrors({ start: detail });
    else setFailure(detail || 'Failed to save the call. Please try again.');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const startChanged = !original || original.date !== form.date || original.time !== form.time;
    const found = validateBooking(form, new Date(), startChanged);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = bookingBody(form, meeting ? (meeting.deal_id ?? null) : (deal?.id ?? null), browserZone());
    if (meeting) {
      // An unchanged start is left out, so a call whose time has passed can still be renamed.
      const changes: TMeetingUpdateBody = { ...body };
      if (!startChanged) delete changes.start_time;
      update.mutate(
        { id: meeting.id, body: changes },
        {
          onSuccess: () => {
            toast.success('Call updated');
            onDone();
          },
          onError,
        },
      );
    } else {
      book.mutate(body, {
        onSuccess: ({ invitations }) => {
          toast.success(invitations === 'google' ? 'Call scheduled on your Google Calendar' : 'Call scheduled');
          onDone();
        },
        onError,
      });
    }
  };

  return (
    <form className="schedule-call-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      <TextField
        label="Title"
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
        maxLength={200}
        data-autofocus
      />
      <div className="schedule-call-row">
        <TextField label="Date" type="date" value={form.date} onChange={(e) => set('date', e.target.value)} error={errors.start} />
        <TextField label={`Time (${browserZone()})`} type="time" value={form.time} onChange={(e) => set('time', e.target.value)} />
      </div>
      <div className="schedule-call-row">
        <SelectField
          label="Length"
          options={LENGTH_OPTIONS}
          value={form.length}
          onChange={(e) => set('length', e.target.value)}
          error={form.length === 'custom' ? null : errors.length}
        />
        {form.length === 'custom' ? (
          <TextField
            label="Custom length (minutes)"
            type="number"
            min={1}
            max={1440}
            inputMode="numeric"
            value={form.customMinutes}
            onChange={(e) => set('customMinutes', e.target.value)}
            error={errors.length}
          />
        ) : null}
      </div>
      <AttendeePicker value={form.attendees} onChange={(next) => set('attendees', next)} suggestions={offered} error={errors.attendees} />
      <TextField
        label="Meeting link (optional)"
        type="url"
        placeholder="https://"
        value={form.meetLink}
        onChange={(e) => set('meetLink', e.target.value)}
        error={errors.meetLink}
      />
      {busy ? <Spinner label="Saving the call" size={20} /> : null}
      <DialogActions label={meeting ? 'Save changes' : 'Schedule call'} busyLabel="Saving..." busy={busy} />
    </form>
  );
}
