// Pieces the workspaces (a later issue) reuse: the editor, the output console, test results.
export { CodeEditor } from "./code-editor.tsx";
export { OutputConsole } from "./output-console.tsx";
export { TestResults } from "./test-results.tsx";
