// CodeMirror 6 editor for Python: tab inserts 4 spaces, font 14, line wrapping, light theme,
// Ctrl/Cmd+Enter runs the code. Loaded only by workspace pages (never on public pages). Since Tab
// indents, the way out by keyboard (Esc, then Tab) is said under the editor and in its description.
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import {
  bracketMatching,
  defaultHighlightStyle,
  HighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { useEffect, useId, useRef } from "react";

type Props = {
  value: string;
  onChange: (code: string) => void;
  onRun?: () => void;
  label?: string;
  /** Shown, selectable and searchable but never changed (the teacher's replay). */
  readOnly?: boolean;
  /** More CodeMirror extensions, given once when the editor is made (the activity recorder). */
  extensions?: Extension;
};

const theme = EditorView.theme({
  "&": { fontSize: "14px", border: "1px solid #cbd5e1", borderRadius: "0.5rem", backgroundColor: "#fff" },
  "&.cm-focused": { outline: "2px solid #2563eb", outlineOffset: "1px" },
  ".cm-content": {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    minHeight: "16rem",
  },
  ".cm-gutters": { borderTopLeftRadius: "0.5rem", borderBottomLeftRadius: "0.5rem" },
});

/**
 * CodeMirror's default colours, with the two that fail WCAG AA on white (4.5:1) darkened: the
 * f-string/escape orange (#e40, 3.84:1) and the invalid red (#f00, 4.0:1).
 */
const AA_COLOURS: Record<string, string> = { "#e40": "#b83200", "#f00": "#c00000" };
const highlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    typeof spec.color === "string" && AA_COLOURS[spec.color]
      ? { ...spec, color: AA_COLOURS[spec.color] }
      : spec,
  ),
);

export const LEAVE_EDITOR_HINT =
  "Tab indents your code once you start typing. To leave the editor, press Esc, then Tab.";

/** The last key pressed anywhere on the page was Tab: focus moving by keyboard, not a click. */
let tabbedInto = false;
if (typeof window !== "undefined") {
  window.addEventListener("keydown", (e) => (tabbedInto = e.key === "Tab"), { capture: true });
  window.addEventListener("pointerdown", () => (tabbedInto = false), { capture: true });
}

/**
 * Tabbing through a page must not get stuck in the editor (issue 19 item 8): reached by Tab, the
 * editor starts in CodeMirror's tab-focus mode (Tab and Shift+Tab move on); the first other key
 * pressed in it, or a click, turns it off, and from then on Tab indents. Esc, then Tab still
 * leaves (CodeMirror's own).
 */
const passThroughUntilUsed = EditorView.domEventHandlers({
  focus: (_e, view) => {
    // CodeMirror's timed tab-focus mode ends at the first key that is not Esc, Tab or a modifier.
    if (tabbedInto) view.setTabFocusMode(24 * 3600_000);
    return false;
  },
  mousedown: (_e, view) => {
    view.setTabFocusMode(false);
    return false;
  },
});

export function CodeEditor({
  value,
  onChange,
  onRun,
  label = "Python code",
  readOnly = false,
  extensions = [],
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, so the editor (made once) never calls stale ones.
  const callbacks = useRef({ onChange, onRun });
  callbacks.current = { onChange, onRun };

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          keymap.of([
            {
              key: "Mod-Enter",
              preventDefault: true,
              run: () => {
                callbacks.current.onRun?.();
                return true;
              },
            },
            indentWithTab,
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(highlightStyle),
          python(),
          indentUnit.of("    "),
          EditorState.tabSize.of(4),
          EditorView.lineWrapping,
          passThroughUntilUsed,
          theme,
          // Read-only: Tab (indentWithTab checks readOnly) leaves the editor, so no hint is needed.
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of(
            readOnly
              ? { "aria-label": label, "aria-readonly": "true" }
              : { "aria-label": label, "aria-describedby": hintId },
          ),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          extensions,
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once; later `value` changes are applied below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div>
      <div ref={host} data-testid="code-editor" />
      {!readOnly && (
        // A hint about the Tab key is for keyboards: a phone (coarse pointer) has none to press.
        <p id={hintId} className="mt-1 text-xs text-slate-600 pointer-coarse:hidden">
          {LEAVE_EDITOR_HINT}
        </p>
      )}
    </div>
  );
}
