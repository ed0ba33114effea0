# The browser's standard library without comments and docstrings (decision 074): what
# `python -OO` does to docstrings (__doc__ is None; CPython's own tests run the library that way),
# and comments blanked. Every line stays where it was, so a traceback's line numbers and the code
# it shows are the ones CPython's library has. Run in Pyodide by pyodide-web-files.mjs when the
# browser's files are prepared.
import ast
import io
import tokenize


def _docstring_spans(tree, lines):
    """(first line, last line, indent, the only statement?) of each docstring that has its lines
    to itself; one sharing a line with other code is kept."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not node.body:
            continue
        first = node.body[0]
        if not (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            continue
        before = lines[first.lineno - 1][: first.col_offset]
        after = lines[first.end_lineno - 1][first.end_col_offset :]
        if before.strip() or after.strip().rstrip(";").strip():
            continue
        yield first.lineno, first.end_lineno, first.col_offset, len(node.body) == 1


def strip(source):
    """The source without docstrings and comments, line for line; the source itself when the
    result would not compile (never expected: a safety net)."""
    lines = source.splitlines(keepends=True)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    out = list(lines)
    for start, end, indent, only in _docstring_spans(tree, lines):
        out[start - 1] = " " * indent + ("pass" if only else "") + "\n"
        for i in range(start, end):
            out[i] = "\n"
    text = "".join(out)
    cuts = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        # The first two lines may hold the encoding declaration: kept.
        if token.type == tokenize.COMMENT and token.start[0] > 2:
            cuts[token.start[0]] = token.start[1]
    lines = text.splitlines(keepends=True)
    for row, col in cuts.items():
        lines[row - 1] = lines[row - 1][:col].rstrip() + "\n"
    result = "".join(lines)
    if result.count("\n") != source.count("\n"):
        return source
    try:
        compile(result, "<stripped>", "exec", dont_inherit=True)
    except SyntaxError:
        return source
    return result
