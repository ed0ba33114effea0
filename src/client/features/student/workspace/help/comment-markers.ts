// Line comments beside the student's code (issue 20): a gutter marker ("💬" with the comment's text
// as its title) on each line a teacher commented on, kept only while that line still reads as it
// did when the comment was written (the comment is anchored to the code, not to a line number).
// The comments themselves are listed under the editor (CodeCommentsList), so nothing is said by
// the marker alone.
import { type Extension, RangeSet, StateEffect, StateField } from "@codemirror/state";
import { EditorView, GutterMarker, gutter, ViewPlugin } from "@codemirror/view";
import type { CodeComment } from "@/shared/api/comments.ts";

/** The comments whose line still reads as it did when each was written, by 1-based line. */
export function anchoredLines(code: string, comments: CodeComment[]): Map<number, CodeComment[]> {
  const lines = code.split("\n");
  const byLine = new Map<number, CodeComment[]>();
  for (const c of comments) {
    if (lines[c.line - 1] !== c.lineText) continue;
    byLine.set(c.line, [...(byLine.get(c.line) ?? []), c]);
  }
  return byLine;
}

class CommentMarker extends GutterMarker {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: CommentMarker) {
    return other.text === this.text;
  }
  override toDOM() {
    const el = document.createElement("span");
    el.textContent = "💬";
    el.title = this.text;
    el.setAttribute("aria-hidden", "true");
    el.className = "cm-comment-marker";
    return el;
  }
}

const setComments = StateEffect.define<CodeComment[]>();

const commentsField = StateField.define<CodeComment[]>({
  create: () => [],
  update: (value, tr) => {
    for (const e of tr.effects) if (e.is(setComments)) return e.value;
    return value;
  },
});

/**
 * The extension (given once to the editor) and `show(comments)`, which may be called at any time:
 * the editor's gutter follows the latest comments and the code as it is typed.
 */
export function commentMarkers(): { extension: Extension; show: (comments: CodeComment[]) => void } {
  let latest: CodeComment[] = [];
  const views = new Set<EditorView>();
  const plugin = ViewPlugin.define((view) => {
    views.add(view);
    queueMicrotask(() => view.dispatch({ effects: setComments.of(latest) }));
    return { destroy: () => views.delete(view) };
  });
  const markers = gutter({
    class: "cm-comment-gutter",
    markers: (view) => {
      const doc = view.state.doc;
      const byLine = anchoredLines(doc.toString(), view.state.field(commentsField));
      const ranges = [...byLine.entries()]
        .filter(([line]) => line <= doc.lines)
        .sort(([a], [b]) => a - b)
        .map(([line, cs]) => new CommentMarker(cs.map((c) => c.body).join("\n")).range(doc.line(line).from));
      return RangeSet.of(ranges);
    },
    lineMarkerChange: (update) =>
      update.docChanged || update.transactions.some((t) => t.effects.some((e) => e.is(setComments))),
  });
  const theme = EditorView.baseTheme({
    ".cm-comment-gutter": { minWidth: "1.4em", cursor: "default" },
    ".cm-comment-marker": { fontSize: "12px" },
  });
  return {
    extension: [commentsField, plugin, markers, theme],
    show: (comments) => {
      latest = comments;
      for (const view of views) view.dispatch({ effects: setComments.of(comments) });
    },
  };
}
