// The teacher's side of help requests and line comments (issue 20): the class's help queue (for the
// help page and the live lesson page) and a final submission's code with its line comments.
export { HelpQueuePanel } from "./help-queue.tsx";
export { SubmissionCodeWithComments } from "./submission-comments.tsx";
