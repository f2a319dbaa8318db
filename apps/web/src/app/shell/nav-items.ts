import { GraduationCap, Handshake, House, Settings, Upload, Video, type LucideIcon } from 'lucide-react';

export type NavItem = { label: string; to: string; icon: LucideIcon; end?: boolean };

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/dashboard/', icon: House, end: true },
  { label: 'Deals', to: '/dashboard/deals', icon: Handshake },
  { label: 'Meetings', to: '/dashboard/meetings', icon: Video },
  { label: 'Upload', to: '/dashboard/upload', icon: Upload },
  { label: 'Coaching', to: '/dashboard/coaching', icon: GraduationCap },
  { label: 'Settings', to: '/dashboard/settings', icon: Settings },
];
