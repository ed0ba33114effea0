// The similarity report of one assignment (issue 18, decision 048): each student's latest final
// submission (decision 027: Run Tests attempts are not hand-ins), compared by Dolos on the worker
// thread with the assignment's starter code as the ignored template. Reports are kept in memory
// by the assignment, the starter code and the sorted submission ids: a new hand-in (or edited
// starter code) makes a new key, so nothing is ever stale and nothing needs invalidating.
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { assertOwnsAssignment, isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { classMembers, submissions, user } from "@/server/db/schema.ts";
import { badRequest, notFound } from "@/server/errors.ts";
import { latestFinals } from "@/server/features/submissions/index.ts";
import type { SessionUser } from "@/server/types.ts";
import {
  SIMILARITY_MESSAGES,
  type SimilarityPair,
  type SimilarityPairDetail,
  type SimilarityReport,
  type SimilarityStudent,
} from "@/shared/api/similarity.ts";
import {
  clustersOf,
  DEFAULT_SIMILARITY_THRESHOLD,
  SIMILARITY_FLOOR,
  SIMILARITY_PAIR_LIMIT,
} from "@/shared/domain/similarity.ts";
import { expandStarterCode } from "@/shared/grading/compare.ts";
import { type ReportResult, runPair, runReport } from "./similarity-worker.ts";

/** A handful of reports: a teacher looks at one assignment's, then maybe the next. */
const CACHE_SIZE = 16;
/** The worker's answers (submission ids and numbers only; students are looked up per request). */
const cache = new Map<string, Promise<ReportResult>>();

/** The template Dolos leaves out: the starter code as the student's editor opened with it. */
function templateOf(starterCode: string): string {
  return starterCode.trim() ? expandStarterCode(starterCode) : "";
}

type Hand = SimilarityStudent & { code: string };

/** Who has handed in, their latest final submission each, with name, code and whether they left. */
async function handIns(db: Db, assignmentId: string, classId: string): Promise<Hand[]> {
  const latest = await latestFinals(db, eq(submissions.assignmentId, assignmentId));
  if (latest.length === 0) return [];
  const ids = latest.map((s) => s.id);
  const userIds = latest.map((s) => s.userId);
  const [codes, people, members] = await Promise.all([
    db
      .select({ id: submissions.id, code: submissions.code })
      .from(submissions)
      .where(inArray(submissions.id, ids)),
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, userIds)),
    db
      .select({ userId: classMembers.userId })
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), inArray(classMembers.userId, userIds))),
  ]);
  const codeOf = new Map(codes.map((c) => [c.id, c.code]));
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const stillIn = new Set(members.map((m) => m.userId));
  return latest
    .map((s) => ({
      studentId: s.userId,
      name: nameOf.get(s.userId) ?? "Unknown student",
      submissionId: s.id,
      submittedAt: s.submittedAt.toISOString(),
      leftClass: !stillIn.has(s.userId),
      code: codeOf.get(s.id) ?? "",
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.submissionId.localeCompare(b.submissionId));
}

const student = ({ code: _code, ...s }: Hand): SimilarityStudent => s;

export function reportKey(assignmentId: string, template: string, submissionIds: string[]): string {
  const hash = createHash("sha256").update(template).update("\0");
  for (const id of [...submissionIds].sort()) hash.update(id).update(",");
  return `${assignmentId}:${hash.digest("hex")}`;
}

function comparePrograms(hands: Hand[], template: string, caller: string): Promise<ReportResult> {
  return runReport(
    hands.map((h) => ({ id: h.submissionId, code: h.code })),
    template,
    SIMILARITY_FLOOR,
    SIMILARITY_PAIR_LIMIT,
    caller,
  );
}

/** The worker's pairs (submission ids) with the students as they are now: names and leavers change. */
function withStudents(result: ReportResult, hands: Hand[]): SimilarityPair[] {
  const bySubmission = new Map(hands.map((h) => [h.submissionId, student(h)]));
  const pairs: SimilarityPair[] = [];
  for (const p of result.pairs) {
    const left = bySubmission.get(p.left);
    const right = bySubmission.get(p.right);
    if (left && right)
      pairs.push({ left, right, similarity: p.similarity, longest: p.longest, overlap: p.overlap });
  }
  return pairs;
}

/** The report, from the cache when the same hand-ins were compared with the same starter code. */
export async function similarityReport(
  db: Db,
  me: SessionUser,
  assignmentId: string,
): Promise<SimilarityReport> {
  const { assignment, cls } = await assertOwnsAssignment(db, me, assignmentId);
  const template = templateOf(assignment.starterCode);
  const hands = await handIns(db, assignment.id, cls.id);
  const base = {
    assignmentId: assignment.id,
    assignmentName: assignment.name,
    students: hands.map(student),
    floor: SIMILARITY_FLOOR,
    defaultThreshold: DEFAULT_SIMILARITY_THRESHOLD,
    starterCodeIgnored: template !== "",
  };
  if (hands.length < 2)
    return { ...base, pairs: [], pairsAboveFloor: 0, clusters: [], message: SIMILARITY_MESSAGES.tooFew };

  const key = reportKey(
    assignment.id,
    template,
    hands.map((h) => h.submissionId),
  );
  let compared = cache.get(key);
  if (compared) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, compared);
  } else {
    compared = comparePrograms(hands, template, me.id);
    cache.set(key, compared);
    // A failed run is not remembered: the next request tries again.
    compared.catch(() => cache.delete(key));
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  const result = await compared;
  const pairs = withStudents(result, hands);
  return {
    ...base,
    pairs,
    pairsAboveFloor: result.aboveFloor,
    clusters: clustersOf(pairs, DEFAULT_SIMILARITY_THRESHOLD),
    message: null,
  };
}

/** Two hand-ins side by side, with the stretches they share. */
export async function similarityPair(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  leftId: string,
  rightId: string,
): Promise<SimilarityPairDetail> {
  const { assignment, cls } = await assertOwnsAssignment(db, me, assignmentId);
  if (!isUuid(leftId) || !isUuid(rightId)) throw notFound(SIMILARITY_MESSAGES.notInReport);
  const leftSubmissionId = leftId.toLowerCase();
  const rightSubmissionId = rightId.toLowerCase();
  if (leftSubmissionId === rightSubmissionId) throw badRequest(SIMILARITY_MESSAGES.samePair);
  const rows = await db
    .select({ id: submissions.id, userId: submissions.userId })
    .from(submissions)
    .where(
      and(
        eq(submissions.assignmentId, assignment.id),
        eq(submissions.isFinal, true),
        inArray(submissions.id, [leftSubmissionId, rightSubmissionId]),
      ),
    );
  if (rows.length !== 2) throw notFound(SIMILARITY_MESSAGES.notInReport);
  // Names, codes and "left the class" as the report shows them; an older hand-in is read directly.
  const hands = await handIns(db, assignment.id, cls.id);
  const byId = new Map(hands.map((h) => [h.submissionId, h]));
  const load = async (id: string): Promise<Hand> => {
    const known = byId.get(id);
    if (known) return known;
    const [row] = await db
      .select({
        id: submissions.id,
        userId: submissions.userId,
        code: submissions.code,
        submittedAt: submissions.submittedAt,
        name: user.name,
      })
      .from(submissions)
      .innerJoin(user, eq(user.id, submissions.userId))
      .where(eq(submissions.id, id));
    const stillIn = await db
      .select({ userId: classMembers.userId })
      .from(classMembers)
      .where(and(eq(classMembers.classId, cls.id), eq(classMembers.userId, row.userId)));
    return {
      studentId: row.userId,
      name: row.name,
      submissionId: row.id,
      submittedAt: row.submittedAt.toISOString(),
      leftClass: stillIn.length === 0,
      code: row.code,
    };
  };
  const [left, right] = await Promise.all([load(leftSubmissionId), load(rightSubmissionId)]);
  const result = await runPair(
    [
      { id: left.submissionId, code: left.code },
      { id: right.submissionId, code: right.code },
    ],
    templateOf(assignment.starterCode),
    me.id,
  );
  return {
    assignmentId: assignment.id,
    left,
    right,
    similarity: result.similarity,
    longest: result.longest,
    fragments: result.fragments,
  };
}
