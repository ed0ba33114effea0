// What the insights page keeps in its address, so a link (the dashboard, an assignment's 'View
// Insights') or a reload lands on the same view: `?classId=` (the class filter, absent for All
// Classes) and `?search=` (the assignment search box).

export type InsightsView = { classId: string | null; search: string };

export function readInsightsView(params: URLSearchParams): InsightsView {
  return { classId: params.get("classId") || null, search: params.get("search") ?? "" };
}

/** The address after a change; an empty value leaves the address (All Classes, no search). */
export function writeInsightsView(params: URLSearchParams, change: Partial<InsightsView>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The page's address for a view: `/teacher/insights?classId=…&search=…`. */
export function insightsHref(view: Partial<InsightsView> = {}): string {
  const query = writeInsightsView(new URLSearchParams(), view).toString();
  return query ? `/teacher/insights?${query}` : "/teacher/insights";
}

/**
 * The class filter as the page uses it: a class that is not (or no longer) one of the teacher's
 * counts as All Classes, so a stale link shows data instead of an error.
 */
export function effectiveClassId(classId: string | null, ownedClassIds: readonly string[] | undefined) {
  if (!classId || !ownedClassIds) return classId;
  return ownedClassIds.includes(classId) ? classId : null;
}

const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-GB");

/**
 * The Assignment Monitor's search: every word typed must appear in the assignment's name or its
 * class's name, ignoring case and accents ("loops 10x" finds "Loops" in "10X Computing").
 */
export function matchesSearch(row: { name: string; className?: string }, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${row.name} ${row.className ?? ""}`);
  return words.every((w) => haystack.includes(w));
}

export function filterBySearch<T extends { name: string; className?: string }>(
  rows: T[],
  search: string,
): T[] {
  return search.trim() ? rows.filter((r) => matchesSearch(r, search)) : rows;
}
