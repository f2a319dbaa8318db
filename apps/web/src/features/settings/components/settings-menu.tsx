import { Link, useSearchParams } from 'react-router';
import { Plug, SlidersHorizontal, Users, type LucideIcon } from 'lucide-react';
import { searchForSection, SETTINGS_SECTIONS, type SettingsSection } from './settings-sections';

const ICONS: Record<SettingsSection, LucideIcon> = { general: SlidersHorizontal, users: Users, integrations: Plug };

/** The settings left menu; each entry is a link, so reload and back keep the section. */
export function SettingsMenu({ active }: { active: SettingsSection }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label="Settings" className="settings-menu">
      <ul>
        {SETTINGS_SECTIONS.map(({ id, label }) => {
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
