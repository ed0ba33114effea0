// The retention job for main.ts and the command line (decision 062).
export { describeCounts, type RetentionJobDeps, runRetention } from "./retention-job.ts";
export { startRetention } from "./retention-schedule.ts";
