// What other features (and the demo seed) may use from submissions.
export { latestFinals } from "./latest-finals.ts";
export { createSubmission, gradeSubmission, withResults } from "./submissions.service.ts";
