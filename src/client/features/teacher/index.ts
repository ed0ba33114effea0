// What other features use of the teacher's pages: the replay's timeline and its clock, reused by a
// student's own history of a library exercise (decision 072).
export { ReplayTimeline } from "./replay/replay-timeline.tsx";
export { replayTimeFormatter } from "./replay/replay-view.ts";
