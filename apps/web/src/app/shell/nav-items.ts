import { Building2, GraduationCap, Handshake, House, Settings, Upload, UsersRound, Video, type LucideIcon } from 'lucide-react';

export type NavItem = { label: string; to: string; icon: LucideIcon; end?: boolean };

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/dashboard/', icon: House, end: true },
  { label: 'Deals', to: '/dashboard/deals', icon: Handshake },
  { label: 'Companies', to: '/dashboard/companies', icon: Building2 },
  { label: 'Contacts', to: '/dashboard/contacts', icon: UsersRound },
  { label: 'Meetings', to: '/dashboard/meetings', icon: Video },
  { label: 'Upload', to: '/dashboard/upload', icon: Upload },
  { label: 'Coaching', to: '/dashboard/coaching', icon: GraduationCap },
  { label: 'Settings', to: '/dashboard/settings', icon: Settings },
];
