import { MessageCircle, Workflow, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GoogleCard } from './google-card';

type Integration = { id: string; name: string; icon: LucideIcon; description: string };

const INTEGRATIONS: readonly Integration[] = [
  {
    id: 'hubspot',
    name: 'HubSpot',
    icon: Workflow,
    description: 'Your CRM: deals, companies and contacts, and the assistant’s CRM commands.',
  },
  {
    id: 'whatsapp',
    name: 'WhatsApp',
    icon: MessageCircle,
    description: 'Messaging: reach the assistant from your phone number.',
  },
];

/** The three integration cards: Google (mail and calendar), the CRM provider and the messaging app. */
export function IntegrationsSettings() {
  return (
    <>
      <p className="muted">Connect the tools your team already uses.</p>
      <ul className="integration-grid">
        <GoogleCard />
        {INTEGRATIONS.map(({ id, name, icon: Icon, description }) => (
          <Card as="li" key={id} className="integration-card">
            <div className="integration-card-head">
              <span className="integration-icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <h3 className="integration-name">{name}</h3>
            </div>
            <p className="muted integration-description">{description}</p>
            <div className="integration-card-foot">
              <span className="badge badge-neutral">Not connected</span>
              <Button variant="secondary" className="btn-small" disabled>
                Coming soon
              </Button>
            </div>
          </Card>
        ))}
      </ul>
    </>
  );
}
