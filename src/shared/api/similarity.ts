// Contracts of /api/assignments/:id/similarity (the class teacher's similarity report, issue 18).
import { z } from "zod";

export const SIMILARITY_MESSAGES = {
  tooFew: "Fewer than two students have handed in this assignment, so there is nothing to compare yet.",
  samePair: "Choose two different submissions to compare.",
  notInReport: "That submission is not a hand-in of this assignment.",
  busy: "The similarity report is busy with other reports. Please try again in a minute.",
  failed: "The similarity report could not be made just now. Please try again.",
} as const;

/** One student's hand-in in the report: their latest final submission of the assignment. */
export const SimilarityStudent = z.object({
  studentId: z.string(),
  name: z.string(),
  submissionId: z.string(),
  submittedAt: z.string(),
  /** The student has left the class since (decision 036: marked, not hidden). */
  leftClass: z.boolean(),
});
export type SimilarityStudent = z.output<typeof SimilarityStudent>;

export const SimilarityPair = z.object({
  left: SimilarityStudent,
  right: SimilarityStudent,
  /** Dolos's similarity, 0–1: the fingerprints the two share over all of theirs, starter code left out. */
  similarity: z.number(),
  /** The longest run of shared fingerprints, one after another in both programs (Dolos's "longest fragment"). */
  longest: z.number(),
  /** Shared fingerprint occurrences, both programs together (Dolos's "total overlap"). */
  overlap: z.number(),
});
export type SimilarityPair = z.output<typeof SimilarityPair>;

export const SimilarityReport = z.object({
  assignmentId: z.string(),
  assignmentName: z.string(),
  /** Students with a final hand-in, each once. */
  students: z.array(SimilarityStudent),
  /** Pairs at or above `floor`, most similar first; at most `pairLimit` of them. */
  pairs: z.array(SimilarityPair),
  /** How many pairs reached the floor in all (more than `pairs.length` when the list was cut). */
  pairsAboveFloor: z.number(),
  floor: z.number(),
  defaultThreshold: z.number(),
  /** Groups of students joined by pairs at or above the default threshold (see clustersOf). */
  clusters: z.array(z.array(SimilarityStudent)),
  /** Said instead of a report when there is nothing to compare. */
  message: z.string().nullable(),
  /** Whether the starter code was left out as the template. */
  starterCodeIgnored: z.boolean(),
});
export type SimilarityReport = z.output<typeof SimilarityReport>;

/** A region of a program: lines from 1, columns from 0, the end column exclusive. */
export const CodeRange = z.object({
  startLine: z.number(),
  startColumn: z.number(),
  endLine: z.number(),
  endColumn: z.number(),
});
export type CodeRange = z.output<typeof CodeRange>;

export const SharedFragment = z.object({ left: CodeRange, right: CodeRange, kgrams: z.number() });
export type SharedFragment = z.output<typeof SharedFragment>;

export const SimilarityPairDetail = z.object({
  assignmentId: z.string(),
  left: SimilarityStudent.extend({ code: z.string() }),
  right: SimilarityStudent.extend({ code: z.string() }),
  similarity: z.number(),
  longest: z.number(),
  /** The stretches the two programs share, in the left program's order. */
  fragments: z.array(SharedFragment),
});
export type SimilarityPairDetail = z.output<typeof SimilarityPairDetail>;
