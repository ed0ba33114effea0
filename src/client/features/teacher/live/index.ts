// The live lesson's pieces other features may reuse: the read-only code view (line comments hang
// on its lines) and the student's code now, rebuilt from the activity record.
export { LiveCodeView, type LiveCodeViewProps } from "./live-code-view.tsx";
export { codeNow } from "./live-student-page.tsx";
