const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** MM/dd/yyyy in local time; '' for a missing or invalid date. */
export const formatDate = (value: string | number | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}` : '';
};

/** MM/dd/yyyy hh:mm a in local time. */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  const d = toDate(value);
  if (!d) return '';
  const h = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  return `${formatDate(d)} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
};
