// "What does this mean?": plain-English explanations of the errors beginners meet most, as data.
// Each entry matches the harness's error line (`Error: <Type>: <message> (line N)`) and builds a
// hint about the student's own line. Checked against real Pyodide output in
// src/server/python/error-explanations.test.ts. Failed tests without an error: failure-tips.ts.
import { failureTips } from "./failure-tips.ts";

export type ParsedError = {
  type: string;
  message: string;
  /** The line of the student's code the harness blamed, or null. */
  line: number | null;
};

export type ErrorExplanation = {
  id: string;
  title: string;
  explanation: string;
  hint: string | null;
  line: number | null;
  /** The student's line, as written (trimmed), when the error names one. */
  lineText: string | null;
};

type Context = {
  error: ParsedError;
  /** The message's regex match (the whole message when the entry has no regex). */
  match: RegExpMatchArray;
  code: string;
  lineText: string | null;
  /** "line 3" or "your code" when there is no line number: for sentences. */
  where: string;
};

type Entry = {
  id: string;
  types: string[];
  message?: RegExp;
  /** Extra condition on the code (e.g. the name is defined further down). */
  when?: (ctx: Context) => boolean;
  title: string | ((ctx: Context) => string);
  explanation: string | ((ctx: Context) => string);
  hint: (ctx: Context) => string | null;
};

/** Parses the harness's error line; null for anything else (a grader notice, output limit…). */
export function parseErrorLine(text: string | null | undefined): ParsedError | null {
  const last = text?.trimEnd().split("\n").at(-1)?.trim() ?? "";
  const m = /^Error: ([A-Za-z_][\w.]*)(?:: (.*?))?(?: \(line (\d+)\))?$/.exec(last);
  if (!m) return null;
  return { type: m[1] ?? "", message: m[2] ?? "", line: m[3] ? Number(m[3]) : null };
}

// --- finding a close name -------------------------------------------------------------------

const BUILTINS = [
  "print",
  "input",
  "int",
  "float",
  "str",
  "bool",
  "len",
  "range",
  "list",
  "dict",
  "set",
  "tuple",
  "round",
  "abs",
  "min",
  "max",
  "sum",
  "sorted",
  "reversed",
  "enumerate",
  "zip",
  "open",
  "type",
  "ord",
  "chr",
  "True",
  "False",
  "None",
  "isinstance",
  "map",
  "filter",
  "any",
  "all",
  "pow",
];

/** Damerau-Levenshtein distance (a swap of neighbours counts as one edit); case changes cost one too. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The candidate nearest to `name` (ties: the first), if it is close enough to be a typo. */
export function closestName(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    if (c === name) continue;
    const distance = c.toLowerCase() === name.toLowerCase() ? 0.5 : editDistance(name, c);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(name.length / 3));
  return best !== null && bestDistance <= allowed ? best : null;
}

/** The code without strings and comments, so names inside text are not taken for variables. */
function codeOnly(code: string): string {
  return code
    .replace(/("""|''')[\s\S]*?(\1|$)/g, " ")
    .replace(/(["'])(?:\\.|(?!\1)[^\\\n])*(\1|$)/gm, " ")
    .replace(/#.*$/gm, "");
}

const KEYWORDS = new Set(
  "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** Names the student's code uses or defines (not keywords). */
export function namesInCode(code: string): string[] {
  return [...new Set(codeOnly(code).match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])].filter((n) => !KEYWORDS.has(n));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const MAX_DEFINITION_LINE = 200;

/** The line number where `name` is defined (def, class, assignment, for, import), or null. */
export function definitionLine(code: string, name: string): number | null {
  const n = escapeRegExp(name);
  const definition = new RegExp(
    `^\\s*(?:(?:def|class)\\s+${n}\\b|${n}\\s*(?:,[^=]*)?=(?!=)|for\\s+(?:[\\w\\s,]*\\b)?${n}\\b[\\w\\s,]*\\s+in\\b|(?:from\\s+\\S+\\s+)?import\\s+(?:.*\\b)?${n}\\b)`,
  );
  // The pattern backtracks badly on very long lines: a real definition is short, so look at the
  // first MAX_DEFINITION_LINE characters of each line only (a student's browser must not freeze).
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  const i = lines.findIndex((l) => definition.test(l.slice(0, MAX_DEFINITION_LINE)));
  return i === -1 ? null : i + 1;
}

const TYPE_METHODS: Record<string, string[]> = {
  list: ["append", "insert", "remove", "pop", "sort", "reverse", "index", "count", "extend", "clear", "copy"],
  str: [
    "upper",
    "lower",
    "strip",
    "lstrip",
    "rstrip",
    "split",
    "replace",
    "find",
    "index",
    "count",
    "join",
    "startswith",
    "endswith",
    "isdigit",
    "isalpha",
    "isnumeric",
    "isupper",
    "islower",
    "title",
    "capitalize",
    "format",
    "zfill",
  ],
  dict: ["keys", "values", "items", "get", "pop", "update", "clear", "copy", "setdefault"],
};
/** Method names from other languages, and what Python calls them. */
const OTHER_LANGUAGES: Record<string, Record<string, string>> = {
  list: { push: "append", add: "append", length: "len(…)", size: "len(…)", len: "len(…)", contains: "in" },
  str: {
    length: "len(…)",
    len: "len(…)",
    size: "len(…)",
    toUpperCase: "upper",
    toLowerCase: "lower",
    trim: "strip",
    contains: "in",
  },
  dict: { length: "len(…)", len: "len(…)", has_key: "in", contains: "in" },
};

// --- the explanations -------------------------------------------------------------------------

const cap = (s: string) => (s[0]?.toUpperCase() ?? "") + s.slice(1);
const quote = (lineText: string | null) => (lineText ? `\`${lineText}\`` : "");
const TYPE_NAMES: Record<string, string> = {
  int: "a whole number (int)",
  float: "a decimal number (float)",
  str: "text (a string)",
  list: "a list",
  dict: "a dictionary",
  NoneType: "None (nothing)",
  bool: "True or False (a bool)",
};
const typeName = (t: string | undefined) => TYPE_NAMES[t ?? ""] ?? `a ${t}`;

export const ERROR_EXPLANATIONS: Entry[] = [
  {
    id: "name-defined-later",
    types: ["NameError"],
    message: /^name '(\w+)' is not defined/,
    when: ({ code, match, error }) => {
      const defined = definitionLine(code, match[1] ?? "");
      return defined !== null && error.line !== null && defined > error.line;
    },
    title: ({ match }) => `${match[1]} is used before it is made`,
    explanation:
      "Python runs your program from the top, one line at a time. When it reached this line, the name had not been created yet: it is made further down.",
    hint: ({ match, code, where }) => {
      const name = match[1] ?? "";
      const line = definitionLine(code, name);
      const isFunction = new RegExp(`^\\s*def\\s+${escapeRegExp(name)}\\b`, "m").test(code);
      return isFunction
        ? `${name} is defined on line ${line}, but ${where} calls it earlier. Move the def ${name}(…) block above the line that uses it: define functions at the top of your program.`
        : `${name} gets its value on line ${line}, but ${where} uses it earlier. Give ${name} a value before you use it.`;
    },
  },
  {
    id: "name-typo",
    types: ["NameError"],
    message: /^name '(\w+)' is not defined/,
    when: ({ match, code }) => closestName(match[1] ?? "", [...namesInCode(code), ...BUILTINS]) !== null,
    title: ({ match, code }) =>
      `Did you mean ${closestName(match[1] ?? "", [...namesInCode(code), ...BUILTINS])}?`,
    explanation:
      "Python does not know this name. Names must be spelt exactly the same every time, including capital letters.",
    hint: ({ match, code, where }) => {
      const name = match[1] ?? "";
      const close = closestName(name, [...namesInCode(code), ...BUILTINS]);
      return `On ${where} you wrote ${name}. Did you mean ${close}? Check the spelling and the capital letters.`;
    },
  },
  {
    id: "name-unknown",
    types: ["NameError"],
    message: /^name '(\w+)' is not defined/,
    title: ({ match }) => `Python does not know what ${match[1]} is`,
    explanation:
      "You used a name that has not been given a value. A variable must be created with = before you use it, and words meant as text need quotation marks around them.",
    hint: ({ match, where }) =>
      `On ${where}, ${match[1]} has no value yet. If it is a variable, give it a value first (${match[1]} = …). If you meant the word itself, put it in quotes: "${match[1]}".`,
  },
  {
    id: "indent-expected",
    types: ["IndentationError"],
    message: /^expected an indented block(?: after '?(.+?)'? statement on line (\d+))?/,
    title: "Indent the lines inside the block",
    explanation:
      "A line ending with a colon (:), such as an if, for, while or def, must be followed by at least one line pushed in by 4 spaces. Those pushed-in lines belong to it.",
    hint: ({ match, where }) =>
      match[2]
        ? `Line ${match[2]} ends with a colon, so ${where} must be indented by 4 spaces (press Tab).`
        : `Indent ${where} by 4 spaces (press Tab).`,
  },
  {
    id: "indent-unexpected",
    types: ["IndentationError"],
    message: /^unexpected indent/,
    title: "This line is pushed in too far",
    explanation:
      "Only lines inside a block (after a line ending with a colon) should be pushed in. This line has spaces at the start that Python did not expect.",
    hint: ({ where }) => `Remove the spaces at the start of ${where} so it lines up with the line above it.`,
  },
  {
    id: "indent-unindent",
    types: ["IndentationError", "TabError"],
    title: "The lines of this block do not line up",
    explanation:
      "Every line in the same block must start at exactly the same place. Mixing tabs and spaces, or one space too many or too few, confuses Python.",
    hint: ({ where }) =>
      `Make ${where} start exactly in line with the other lines of its block. Use 4 spaces (or Tab) for each level.`,
  },
  {
    id: "unterminated-string",
    types: ["SyntaxError"],
    message: /^unterminated (?:triple-quoted )?string literal/,
    title: "A piece of text is missing its closing quotation mark",
    explanation:
      'Text in Python goes between quotation marks, like "Hello". You opened the text but never closed it, so Python cannot tell where it ends.',
    hint: ({ where, lineText }) => {
      const opener = /["']/.exec(lineText ?? "")?.[0] ?? '"';
      return `On ${where}, add a closing ${opener} at the end of the text, using the same kind of quotation mark you started with.`;
    },
  },
  {
    id: "missing-colon",
    types: ["SyntaxError"],
    message: /^expected ':'/,
    title: "A colon (:) is missing",
    explanation:
      "Lines that start a block (if, elif, else, for, while, def) must end with a colon. The colon tells Python that the indented lines below belong to this line.",
    hint: ({ lineText, where }) =>
      lineText &&
      /^(if|elif|else|for|while|def|class|try|except|finally|with)\b/.test(lineText) &&
      !lineText.endsWith(":")
        ? `Put a colon at the end of ${where}: \`${lineText}:\``
        : `Put a colon at the end of ${where}.`,
  },
  {
    id: "assign-in-condition",
    types: ["SyntaxError"],
    message: /Maybe you meant '==' or ':=' instead of '='\?/,
    title: "Use == to compare, not =",
    explanation:
      "One = stores a value in a variable (score = 5). Two == ask a question: is it equal? (if score == 5:). In an if or while you are asking a question, so you need ==.",
    hint: ({ lineText, where }) => {
      const fixed = lineText?.replace(/^((?:if|elif|while)\b.*?[^=!<>])=(?!=)/, "$1==");
      return fixed && fixed !== lineText
        ? `Change = to == on ${where}: \`${fixed}\``
        : `Change = to == in the condition on ${where}.`;
    },
  },
  {
    id: "bracket-never-closed",
    types: ["SyntaxError"],
    message: /^'([([{])' was never closed/,
    title: ({ match }) => `A bracket ${match[1]} is never closed`,
    explanation:
      "Every opening bracket needs a closing one: ( with ), [ with ] and { with }. Python reached the end without finding the closing bracket.",
    hint: ({ match, where }) => {
      const close = { "(": ")", "[": "]", "{": "}" }[match[1] ?? "("];
      return `${cap(where)} opens ${match[1]} but never closes it. Count the brackets on that line and add the missing ${close}, usually at the end.`;
    },
  },
  {
    id: "bracket-mismatch",
    types: ["SyntaxError"],
    message:
      /^(?:unmatched '([)\]}])'|closing parenthesis '([)\]}])' does not match opening parenthesis '([([{])')/,
    title: "The brackets do not match",
    explanation:
      "Brackets come in pairs: ( with ), [ with ] and { with }. This line has a closing bracket that has no matching opening one, or the wrong kind.",
    hint: ({ where }) =>
      `Count the brackets on ${where}: every opening bracket needs one closing bracket of the same kind, in the right order.`,
  },
  {
    id: "print-brackets",
    types: ["SyntaxError"],
    message: /^Missing parentheses in call to '(\w+)'/,
    title: "print needs brackets",
    explanation: 'In Python 3, print is a function, so what you print goes inside brackets: print("Hello").',
    hint: ({ where }) => `Put brackets around what you print on ${where}.`,
  },
  {
    id: "eof-input",
    types: ["ValueError", "EOFError"],
    message:
      /^(?:invalid literal for int\(\) with base 10: ''|could not convert string to float: ''|EOF when reading a line|$)/,
    title: "Your program got an empty answer to input()",
    explanation:
      "input() gave back nothing (empty text), and an empty answer cannot be turned into a number. This happens when you press Enter without typing, or when a test gives your program fewer answers than it asks for: once the test's input runs out, input() gives back empty text.",
    hint: ({ where }) =>
      `Check how many times your program calls input() before ${where}. It must ask exactly as many questions as the task describes, in the same order.`,
  },
  {
    id: "int-input",
    types: ["ValueError"],
    message: /^invalid literal for int\(\) with base 10: '(.*)'$/,
    title: "That is not a whole number",
    explanation:
      "int() turns text into a whole number, but only text made of digits, like '14'. Words, spaces or a decimal point make it fail.",
    hint: ({ match, where }) => {
      const value = match[1] ?? "";
      return /^\s*-?\d*\.\d+\s*$/.test(value)
        ? `On ${where}, int() got '${value}', which has a decimal point. Use float() for decimal numbers.`
        : `On ${where}, int() got '${value}'. When you run it, type a whole number such as 14. If a word is right here, do not use int() on it.`;
    },
  },
  {
    id: "float-input",
    types: ["ValueError"],
    message: /^could not convert string to float: '(.*)'$/,
    title: "That is not a number",
    explanation:
      "float() turns text into a number, but only text that looks like a number, such as '1.5' or '3'.",
    hint: ({ match, where }) => `On ${where}, float() got '${match[1]}'. Type a number, such as 1.5.`,
  },
  {
    id: "str-plus-int",
    types: ["TypeError"],
    message: /^can only concatenate str \(not "(\w+)"\) to str/,
    title: "You cannot add text and a number together",
    explanation:
      'Python will not join text and a number with +: "You are " + 14 fails. Turn the number into text first with str(), or use an f-string.',
    hint: ({ where }) =>
      `On ${where}, wrap the number in str(…), for example "You are " + str(age). Or write an f-string: f"You are {age}". If both were meant to be numbers, turn the text into a number with int(…).`,
  },
  {
    id: "int-plus-str",
    types: ["TypeError"],
    message: /^unsupported operand type\(s\) for ([^:]+): '(\w+)' and '(\w+)'/,
    title: ({ match }) => `You cannot use ${match[1]} on ${typeName(match[2])} and ${typeName(match[3])}`,
    explanation:
      "Both sides of a sum must be the same kind of thing: both numbers, or (for +) both text. Remember that input() always gives you text, even when the user types digits.",
    hint: ({ match, where }) =>
      match[2] === "str" || match[3] === "str"
        ? `On ${where}, one side is text. If it came from input(), turn it into a number with int(input(…)); if you are building a message, use str(…) on the number.`
        : `On ${where}, check what each side holds: print them before this line to see.`,
  },
  {
    id: "zero-division",
    types: ["ZeroDivisionError"],
    title: "You divided by zero",
    explanation: "Nothing can be divided by 0, not even by a computer. This includes / and also // and %.",
    hint: ({ where }) =>
      `On ${where}, the number you divide by is 0. Check it first, for example: if count != 0:`,
  },
  {
    id: "index-range",
    types: ["IndexError"],
    message: /^(list|string|tuple) index out of range/,
    title: "That position is not in the list",
    explanation:
      "Positions start at 0, so a list of 3 items has positions 0, 1 and 2, and position 3 does not exist. The last item is at len(list) - 1.",
    hint: ({ where }) =>
      `On ${where}, the position is too big (or too small). If you use a loop, loop over range(len(…)), not up to len(…) + 1.`,
  },
  {
    id: "key-missing",
    types: ["KeyError"],
    message: /^(.*)$/,
    title: "That key is not in the dictionary",
    explanation:
      "A dictionary only has the keys you put in it, spelt exactly the same, with the same capital letters.",
    hint: ({ match, where }) =>
      `On ${where}, the key ${match[1] || "you asked for"} is not in the dictionary. Check its spelling, or check first: if ${match[1] || "key"} in your_dictionary:`,
  },
  {
    id: "none-attribute",
    types: ["AttributeError"],
    message: /^'NoneType' object has no attribute '(\w+)'/,
    title: "This value is None (nothing)",
    explanation:
      "The variable holds None, so it has no .something to use. This usually means a function did not return anything, or a list method like .sort() was stored: they change the list and give back None.",
    hint: ({ where }) => `On ${where}, check where the value came from: does that function end with return?`,
  },
  {
    id: "attribute",
    types: ["AttributeError"],
    message: /^'(\w+)' object has no attribute '(\w+)'/,
    title: ({ match }) => `${cap(typeName(match[1]))} has no .${match[2]}`,
    explanation:
      "The part after the dot must be something this kind of value can do. Lists, text and dictionaries each have their own methods.",
    hint: ({ match, where }) => {
      const [type = "", attr = ""] = [match[1], match[2]];
      const other = OTHER_LANGUAGES[type]?.[attr];
      const close = closestName(attr, TYPE_METHODS[type] ?? []);
      const suggestion = other ?? close;
      if (suggestion === "len(…)") return `On ${where}, use len(…) to count: len(my_${type}), not .${attr}.`;
      if (suggestion === "in") return `On ${where}, use the in operator to check: if item in my_${type}:`;
      if (suggestion)
        return `On ${where}, did you mean .${suggestion}(…)? ${cap(typeName(type))} has .${suggestion}, not .${attr}.`;
      return `On ${where}, check that the variable holds what you think: print(type(…)) before this line shows what it is.`;
    },
  },
  {
    id: "recursion",
    types: ["RecursionError"],
    title: "A function keeps calling itself and never stops",
    explanation:
      "A function that calls itself needs a base case: an if that returns without calling itself again. Without it, or if the values never reach it, the calls go on until Python gives up.",
    hint: ({ where }) =>
      `Look at the call on ${where}. Make sure there is an if that stops the calls, and that each call moves closer to it (for example n - 1, not n + 1).`,
  },
  {
    id: "endless-loop",
    types: ["TimeoutError"],
    title: "Your program took too long",
    explanation:
      "Your program was still running when the time ran out. Usually a while loop never ends because its condition never becomes False.",
    hint: () =>
      "Check each while loop: does something inside the loop change the variable in its condition? Is the program waiting for more input than the task gives?",
  },
];

/** The explanation for an error line, or null when it is not a student program's error. */
export function explainError(errorLine: string | null | undefined, code = ""): ErrorExplanation | null {
  const error = parseErrorLine(errorLine);
  if (!error || error.type === "KeyboardInterrupt") return null;
  const codeLines = code.replace(/\r\n?/g, "\n").split("\n");
  const rawLine = error.line !== null ? codeLines[error.line - 1] : undefined;
  const lineText = rawLine?.trim() ? rawLine.trim() : null;
  const where = error.line !== null ? `line ${error.line}` : "your code";
  for (const entry of ERROR_EXPLANATIONS) {
    if (!entry.types.includes(error.type)) continue;
    const match = entry.message ? error.message.match(entry.message) : ([error.message] as RegExpMatchArray);
    if (!match) continue;
    const ctx: Context = { error, match, code, lineText, where };
    if (entry.when && !entry.when(ctx)) continue;
    const text = (v: string | ((c: Context) => string)) => (typeof v === "string" ? v : v(ctx));
    return {
      id: entry.id,
      title: text(entry.title),
      explanation: text(entry.explanation),
      hint: entry.hint(ctx),
      line: error.line,
      lineText,
    };
  }
  // Not one we know: the failed-test tip for errors, plus the line.
  const tip = failureTips({ expected: "", actual: "", error: errorLine?.trim().split("\n").at(-1) })[0];
  return {
    id: "other",
    title: tip?.title ?? "Your program stopped with an error",
    explanation: tip?.text ?? "",
    hint:
      error.line !== null
        ? `Look closely at line ${error.line}${lineText ? `: ${quote(lineText)}` : ""}.`
        : null,
    line: error.line,
    lineText,
  };
}
