import type { TProfileResponse } from '@pipewise/contract/auth';
import { GoogleCard } from './google-card';
import { HubspotCard } from './hubspot-card';
import { WhatsappCard } from './whatsapp-card';
import './integrations.css';

/** The three integration cards: Google (mail and calendar), the CRM provider and the messaging app. */
export function IntegrationsSettings({ profile }: { profile: TProfileResponse }) {
  return (
    <>
      <p className="muted">Connect the tools your team already uses.</p>
      <ul className="integration-grid">
        <GoogleCard />
        <HubspotCard callerEmail={profile.email} />
        <WhatsappCard callerEmail={profile.email} />
      </ul>
    </>
  );
}
