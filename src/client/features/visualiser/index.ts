// Visualise (issue 21, decision 067): the button the three workspaces show beside Run, and the
// panel that steps through the recorded run.
export { VisualiseButton } from "./visualise-button.tsx";
export { VisualiserPanel } from "./visualiser-panel.tsx";
