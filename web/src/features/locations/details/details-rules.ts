import type { CurrentUser } from '@web/shared/session/current-user';
import { DAYS_OF_WEEK, type DayOfWeek } from '../form/hours';
import { coverRatioProblem } from '@locus/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'hh:mm AM' (spec: hours shown in 12-hour form). */
export const formatTime12 = (hours: number, minutes: number): string => {
  const h = ((hours % 24) + 24) % 24;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(h12)}:${pad(minutes)} ${h < 12 ? 'AM' : 'PM'}`;
};

/** Day of a date in Google's names (JavaScript: Sunday 0 … Saturday 6). */
export const dayOfWeekOf = (date: Date): DayOfWeek => {
  const sundayFirst: DayOfWeek[] = ['SUNDAY', ...DAYS_OF_WEEK.slice(0, 6)];
  return sundayFirst[date.getDay()] ?? 'SUNDAY';
};

interface HoursEntry {
  OpenDay: string;
  IsOpen: boolean;
  OpenTimeHours: number;
  OpenTimeMinutes: number;
  CloseTimeHours: number;
  CloseTimeMinutes: number;
}

/** Today's hours, '09:00 AM - 05:00 PM' (split days joined by a comma), or 'Closed'. */
export const todaysHours = (entries: readonly HoursEntry[] | null | undefined, today: Date, closedText = 'Closed'): string => {
  const day = dayOfWeekOf(today);
  const open = (entries ?? [])
    .filter((e) => e.IsOpen && e.OpenDay.toUpperCase() === day)
    .sort((a, b) => a.OpenTimeHours * 60 + a.OpenTimeMinutes - (b.OpenTimeHours * 60 + b.OpenTimeMinutes));
  if (open.length === 0) return closedText;
  return open.map((e) => `${formatTime12(e.OpenTimeHours, e.OpenTimeMinutes)} - ${formatTime12(e.CloseTimeHours, e.CloseTimeMinutes)}`).join(', ');
};

/**
 * Keywords typed into the keyword box: split at commas, trimmed; empty ones and duplicates
 * (ignoring case) are ignored (spec part 2 §5).
 */
export const addKeywords = (current: readonly string[], typed: string): string[] => {
  const out = [...current];
  const seen = new Set(current.map((k) => k.toLowerCase()));
  for (const raw of typed.split(',')) {
    const k = raw.trim();
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out;
};

/** What a key press in the keyword box does: Enter or comma add the typed text. */
export const isKeywordCommitKey = (key: string): boolean => key === 'Enter' || key === ',';

/** Cover images must be 16:9 (tolerance 0.0001); the spec's message otherwise (the server checks the same rule). */
export const coverRatioError = (width: number, height: number): string | null => coverRatioProblem(width, height);

/** The header's picture: the thumbnail, else the profile media image. */
export const thumbnailOf = (location: { ThumbnailUrl: string | null; LocationProfileMedia: string | null }): string | null =>
  location.ThumbnailUrl || location.LocationProfileMedia || null;

/** Users button: administrators (viewing as admin), or company admins when the location has a Google name. */
export const canSeeUsersButton = (user: Pick<CurrentUser, 'role' | 'viewingAsAdmin'>, location: { LocationName: string | null }): boolean =>
  user.role === 'Administrator' || (user.role === 'CompanyAdmin' && (user.viewingAsAdmin || Boolean(location.LocationName)));
