import { AttendeePicker, type PickedAttendee } from '../../../components/ui/attendee-picker';
import { useAttendeeOptions } from '../api/get-attendee-options';

/** The upload dialog's "Attendees": workspace users and contacts suggested as one types, outside emails typed. */
export function UploadAttendees(props: { value: PickedAttendee[]; onChange: (value: PickedAttendee[]) => void; disabled?: boolean }) {
  return <AttendeePicker label="Attendees (optional)" useSuggestions={useAttendeeOptions} {...props} />;
}
