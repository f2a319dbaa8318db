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
