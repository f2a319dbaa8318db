import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useProfile } from '../../../lib/session';
import { CompetitorsSettings } from './competitors-settings';
import { GeneralSettings } from './general-settings';
import { IntegrationsSettings } from './integrations-settings';
import { PipelinesSettings } from './pipelines-settings';
import { SettingsMenu } from './settings-menu';
import { sectionFromParams, sectionsFor, SETTINGS_SECTIONS } from './settings-sections';
import { UsersSettings } from './users-settings';
import { WorkspaceRequests } from './workspace-requests';

/** /dashboard/settings?section=general|users|pipelines|integrations|workspaces (the last for operators) */
export function SettingsPage() {
  const [params] = useSearchParams();
  const { data: profile } = useProfile();
  // Until the profile is known, the asked-for section stands (its heading shows over a spinner).
  const sections = profile ? sectionsFor(profile.is_operator) : SETTINGS_SECTIONS;
  const section = sectionFromParams(params, sections);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownSection = useRef(section);

  // Moving between sections puts focus on the new section's heading (not on the first visit).
  useEffect(() => {
    if (shownSection.current === section) return;
    shownSection.current = section;
    heading.current?.focus();
  }, [section]);

  const label = sections.find((s) => s.id === section)?.label ?? 'General';

  return (
    <div className="settings-layout">
      <SettingsMenu active={section} sections={sections} />
      <section className="page-section settings-panel" aria-labelledby="settings-section-title">
        <h2 id="settings-section-title" className="page-section-title" tabIndex={-1} ref={heading}>
          {label}
        </h2>
        {!profile ? (
          <Spinner label="Loading settings" />
        ) : section === 'general' ? (
          <div className="stack">
            <GeneralSettings key={profile.id} profile={profile} />
            <CompetitorsSettings profile={profile} />
          </div>
        ) : section === 'users' ? (
          <UsersSettings profile={profile} />
        ) : section === 'pipelines' ? (
          <PipelinesSettings />
        ) : section === 'workspaces' ? (
          <WorkspaceRequests />
        ) : (
          <IntegrationsSettings profile={profile} />
        )}
      </section>
    </div>
  );
}
