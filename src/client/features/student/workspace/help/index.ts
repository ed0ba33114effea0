// Help requests and line comments in the student's assignment workspace (issue 20).
export { CodeCommentsList } from "./code-comments-list.tsx";
export { anchoredLines, commentMarkers } from "./comment-markers.ts";
export { HelpAnswer, HelpCorner, useHelpRequest } from "./help-corner.tsx";
export { useWorkspaceComments } from "./use-workspace-comments.ts";
