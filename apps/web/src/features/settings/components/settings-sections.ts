import { providerReturnFrom } from './provider-return';

export const SETTINGS_SECTIONS = [
  { id: 'general', label: 'General', operatorsOnly: false },
  { id: 'users', label: 'Users', operatorsOnly: false },
  { id: 'pipelines', label: 'Pipelines', operatorsOnly: false },
  { id: 'integrations', label: 'Integrations', operatorsOnly: false },
  { id: 'workspaces', label: 'New Workspaces', operatorsOnly: true },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];
export type SettingsSectionEntry = (typeof SETTINGS_SECTIONS)[number];

/** The sections a person sees: New Workspaces only for the installation's operators. */
export function sectionsFor(isOperator: boolean): readonly SettingsSectionEntry[] {
  return SETTINGS_SECTIONS.filter((s) => isOperator || !s.operatorsOnly);
}

/** ?section=general|users|pipelines|integrations|workspaces, among the sections shown; anything else is General. */
export function sectionFromParams(
  params: URLSearchParams,
  sections: readonly SettingsSectionEntry[] = sectionsFor(false),
): SettingsSection {
  const value = params.get('section');
  // Google's and HubSpot's returns come to the settings address without a section: show their cards.
  if (value === null && (providerReturnFrom(params, 'google') || providerReturnFrom(params, 'hubspot'))) return 'integrations';
  return sections.find((s) => s.id === value)?.id ?? 'general';
}

/** The query string for a section, keeping every other parameter (e.g. an OAuth code) as it is. */
export function searchForSection(params: URLSearchParams, section: SettingsSection): string {
  const next = new URLSearchParams(params);
  next.set('section', section);
  return `?${next.toString()}`;
}
