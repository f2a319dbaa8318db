import type { TVideo } from '@pipewise/contract/videos';
import { usDayFormat } from '../../../lib/first-use';

const parse = (value: string | null | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'Nov 22, 2026', or the spec's 'Date unknown'. */
export function uploadDateText(value: string | null | undefined): string {
  const date = parse(value);
  return date ? usDayFormat().format(date) : 'Date unknown';
}

export const videoTitle = (video: Pick<TVideo, 'title'>, fallback = 'Untitled Video') => video.title.trim() || fallback;

/** The uploader's name when known, else the email, else 'Unknown'. */
export const uploaderText = (video: Pick<TVideo, 'uploaded_by' | 'uploaded_by_name'>) =>
  video.uploaded_by_name?.trim() || video.uploaded_by.trim() || 'Unknown';

const pad = (n: number) => String(n).padStart(2, '0');

/** The timeline's date, MM/DD/YYYY in local time. */
export function timelineDate(value: string): string {
  const date = parse(value);
  return date ? `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}` : '';
}

/** The timeline's time, 12-hour ('3:05 PM'). */
export function timelineTime(value: string): string {
  const date = parse(value);
  if (!date) return '';
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${pad(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}
