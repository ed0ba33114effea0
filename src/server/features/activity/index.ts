// What other features use of the activity record: the retention job's cut-off and delete.
export { type ActivityRetention, deleteActivityBefore, retentionCutoff } from "./activity-retention.ts";
