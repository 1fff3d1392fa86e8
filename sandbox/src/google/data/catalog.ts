import categoriesJson from './categories.json';

export interface CategoryEntry {
  name: string;
  displayName: string;
}

/** A few hundred real Google Business Profile categories (US, English). */
export const CATEGORIES: readonly CategoryEntry[] = categoriesJson as CategoryEntry[];
const byName = new Map(CATEGORIES.map((c) => [c.name, c]));

/** Accepts `categories/gcid:x` or `gcid:x`. */
export function findCategory(name: string): CategoryEntry | undefined {
  return byName.get(name.startsWith('categories/') ? name : `categories/${name}`);
}

export const isFoodCategory = (name: string) =>
  /restaurant|cafe|coffee_shop|bakery|_bar$|:bar$|pub$|diner|deli$|pizza|donut|bagel|ice_cream|juice|tea_house|sandwich|cake_shop|bar_and_grill|brewery/.test(
    name,
  );
export const isBookableCategory = (name: string) =>
  /dentist|dental|clinic|salon|spa|physician|therapist|chiropractor|auto_repair|oil_change|barber|massage|doctor|optometrist|veterinarian|yoga|pilates|tutoring|lawyer|attorney/.test(
    name,
  );
