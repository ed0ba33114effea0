// What other features may use from submissions.
export { latestFinals } from "./latest-finals.ts";
