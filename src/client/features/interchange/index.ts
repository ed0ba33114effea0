// Imports from Moodle CodeRunner and GitHub Classroom, and the CodeRunner export (decision 065):
// what the teacher's and the admin's pages use.
export { assignmentCodeRunnerUrl, exerciseCodeRunnerUrl } from "@/client/api/interchange.ts";
export { ClassroomTestsDialog } from "./classroom-tests-dialog.tsx";
export { CodeRunnerImportDialog } from "./coderunner-import-dialog.tsx";
