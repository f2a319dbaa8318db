import { useEffect, useState } from 'react';
import type { TWhatsappNotifications } from '@pipewise/contract/whatsapp';
import { AlertMessage } from '../../../components/ui/alert-message';
import { useUpdateWhatsappNotifications, whatsappActionError } from '../api/whatsapp-status';

export const WHATSAPP_FIRST_SWITCH_ID = 'whatsapp-morning_digest';

const SWITCHES: { key: keyof TWhatsappNotifications; label: string }[] = [
  { key: 'morning_digest', label: "Morning digest of today's calls (08:00)" },
  { key: 'insights_ready', label: "Tell me when a recording's insights are ready" },
];

/** The two opt-ins of a verified number; each switch moves at once and moves back if the server refuses. */
export function WhatsappNotifications({ notifications, focusOnShow }: { notifications: TWhatsappNotifications; focusOnShow: boolean }) {
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateWhatsappNotifications((error) => setFailure(whatsappActionError(error, 'notifications')));
  // Shown because the number was just verified (the code form had focus): the first opt-in is what comes next.
  useEffect(() => {
    if (focusOnShow) document.getElementById(WHATSAPP_FIRST_SWITCH_ID)?.focus();
    // On first show only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <fieldset className="whatsapp-notifications">
      <legend className="whatsapp-notifications-title">Notifications on WhatsApp</legend>
      {SWITCHES.map(({ key, label }) => (
        <label className="switch-row" key={key} htmlFor={`whatsapp-${key}`}>
          <input
            id={`whatsapp-${key}`}
            type="checkbox"
            role="switch"
            className="switch"
            checked={notifications[key]}
            onChange={(event) => {
              setFailure(null);
              update.mutate({ [key]: event.target.checked });
            }}
          />
          <span>{label}</span>
        </label>
      ))}
      {failure ? <AlertMessage plain>{failure}</AlertMessage> : null}
    </fieldset>
  );
}
