export const SETTINGS_SECTIONS = [
  { id: 'general', label: 'General' },
  { id: 'users', label: 'Users' },
  { id: 'integrations', label: 'Integrations' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

/** ?section=general|users|integrations; anything else is General. */
export function sectionFromParams(params: URLSearchParams): SettingsSection {
  const value = params.get('section');
  return SETTINGS_SECTIONS.find((s) => s.id === value)?.id ?? 'general';
}

/** The query string for a section, keeping every other parameter (e.g. an OAuth code) as it is. */
export function searchForSection(params: URLSearchParams, section: SettingsSection): string {
  const next = new URLSearchParams(params);
  next.set('section', section);
  return `?${next.toString()}`;
}
