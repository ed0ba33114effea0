// People are listed by name in one order everywhere (UI, API, exports), whichever database and
// collation the server runs on: English rules, case-insensitive, numbers in numeric order.
const collator = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Sorts by name, then by id so equal names keep a stable order. */
export function sortByName<T extends { name: string; id: string }>(list: T[]): T[] {
  return list.toSorted((a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
