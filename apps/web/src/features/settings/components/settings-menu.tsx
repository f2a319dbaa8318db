import { Link, useSearchParams } from 'react-router';
import { Building2, Kanban, Plug, SlidersHorizontal, Users, type LucideIcon } from 'lucide-react';
import { searchForSection, type SettingsSection, type SettingsSectionEntry } from './settings-sections';

const ICONS: Record<SettingsSection, LucideIcon> = {
  general: SlidersHorizontal,
  users: Users,
  pipelines: Kanban,
  integrations: Plug,
  workspaces: Building2,
};

/** The settings left menu; each entry is a link, so reload and back keep the section. */
export function SettingsMenu({ active, sections }: { active: SettingsSection; sections: readonly SettingsSectionEntry[] }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label="Settings" className="settings-menu">
      <ul>
        {sections.map(({ id, label }) => {
          const Icon = ICONS[id];
          return (
            <li key={id}>
              <Link
                to={{ search: searchForSection(params, id) }}
                className="settings-menu-link"
                aria-current={id === active ? 'page' : undefined}
              >
                <Icon size={18} aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
