// The similarity report's rules (issue 18, decision 046), shared by the server (the report's
// clusters) and the browser (the threshold slider regroups without asking the server again).

/** Pairs below this are never sent: at 30 % two programs share little beyond what any two share. */
export const SIMILARITY_FLOOR = 0.3;
/**
 * The slider's starting point. A renamed copy of a GCSE program scores ≈ 0.9; two students' own
 * work on the same sizeable starter ≈ 0.05 with the starter left out (≈ 0.47 without), and two
 * independent solutions of the same approach in a year group mostly below 0.7 (decision 046).
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.75;
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
