// The similarity report's rules (issue 18, decision 048), shared by the server (the report's
// clusters) and the browser (the threshold slider regroups without asking the server again).

/** Pairs below this are never sent: at 30 % two programs share little beyond what any two share. */
export const SIMILARITY_FLOOR = 0.3;
/**
 * The slider's starting point (decision 048). Renamed copies of GCSE programs score 0.85–0.98 in
 * the tests and the bench; two students' own work on the same sizeable starter ≈ 0.06 with the
 * starter left out (≈ 0.47 without it). In the bench's year group, students who solved it the
 * same way score up to ≈ 0.85: at 0.75 or 0.8 they flood the list (500+ pairs, a group of 41),
 * at 0.85 it is 118 pairs with 22 of the 23 copies, at 0.9 only 14 of the copies.
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.85;
/** At most this many pairs are sent, the most similar first. */
export const SIMILARITY_PAIR_LIMIT = 500;

/**
 * Groups of students who share code: the connected parts of the graph whose edges are the pairs
 * at or above `threshold` (a–b and b–c put a, b and c in one group). Largest group first; within
 * a group, in the order the students first appear in `pairs`.
 */
export function clustersOf<S extends { submissionId: string }>(
  pairs: readonly { left: S; right: S; similarity: number }[],
  threshold: number,
): S[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    let node = x;
    while (node !== root) {
      const next = parent.get(node) ?? root;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const members = new Map<string, S>();
  for (const p of pairs) {
    if (p.similarity < threshold) continue;
    for (const s of [p.left, p.right]) {
      if (!members.has(s.submissionId)) {
        members.set(s.submissionId, s);
        parent.set(s.submissionId, s.submissionId);
      }
    }
    const a = find(p.left.submissionId);
    const b = find(p.right.submissionId);
    if (a !== b) parent.set(b, a);
  }
  const groups = new Map<string, S[]>();
  for (const [id, student] of members) {
    const root = find(id);
    const group = groups.get(root) ?? [];
    if (group.length === 0) groups.set(root, group);
    group.push(student);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length);
}
