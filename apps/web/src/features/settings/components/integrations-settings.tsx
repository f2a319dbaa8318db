import { Workflow } from 'lucide-react';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GoogleCard } from './google-card';
import { WhatsappCard } from './whatsapp-card';
import './integrations.css';

/** The three integration cards: Google (mail and calendar), the CRM provider and the messaging app. */
export function IntegrationsSettings({ profile }: { profile: TProfileResponse }) {
  return (
    <>
      <p className="muted">Connect the tools your team already uses.</p>
      <ul className="integration-grid">
        <GoogleCard />
        <Card as="li" className="integration-card">
          <div className="integration-card-head">
            <span className="integration-icon" aria-hidden="true">
              <Workflow size={22} />
            </span>
            <h3 className="integration-name">HubSpot</h3>
          </div>
          <p className="muted integration-description">Your CRM: deals, companies and contacts, and the assistant’s CRM commands.</p>
          <div className="integration-card-foot">
            <span className="badge badge-neutral">Not connected</span>
            <Button variant="secondary" className="btn-small" disabled>
              Coming soon
            </Button>
          </div>
        </Card>
        <WhatsappCard callerEmail={profile.email} />
      </ul>
    </>
  );
}
