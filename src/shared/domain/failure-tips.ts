// "Why did this test fail?": tips chosen from what actually differs between the expected
// output and the student's output, most specific first.
export type FailureTip = { id: string; title: string; text: string };

const norm = (s: string) => s.replace(/\r\n?/g, "\n").trim();
const lines = (s: string) => (norm(s) === "" ? [] : norm(s).split("\n"));
const squash = (s: string) =>
  norm(s)
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n+/g, "\n");
const stripPunctuation = (s: string) => s.replace(/[.,!?;:'"()-]/g, "");
/** "1 line", "2 lines". */
export const lineCount = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "line" : "lines"}`;

export function failureTips({
  expected,
  actual,
  error,
}: {
  expected: string;
  actual: string;
  error?: string | null;
}): FailureTip[] {
  const tips: FailureTip[] = [];
  if (error) {
    tips.push({
      id: "error",
      title: "Your program stopped with an error",
      text: `Read the last line of the output: ${error.replace(/^Error:\s*/, "")}. The line number tells you where to look.`,
    });
    return tips;
  }
  const exp = norm(expected);
  const act = norm(actual);
  const expLines = lines(expected);
  const actLines = lines(actual);

  if (act === "") {
    tips.push({
      id: "empty",
      title: "Nothing was printed",
      text: "Your program printed nothing. Did you forget print(), or is your print inside an if that never runs?",
    });
    return tips;
  }
  if (exp.toLowerCase() === act.toLowerCase()) {
    tips.push({
      id: "case",
      title: "Check capital letters",
      text: "Your output has the right words, but some capital or small letters are different.",
    });
  } else if (squash(exp) === squash(act)) {
    tips.push({
      id: "spacing",
      title: "Check spaces and blank lines",
      text: "The words match, but the spaces or blank lines are different. Look for extra or missing spaces, especially around commas.",
    });
  } else if (stripPunctuation(exp) === stripPunctuation(act)) {
    tips.push({
      id: "punctuation",
      title: "Check punctuation",
      text: "Look closely at full stops, commas, question marks and exclamation marks.",
    });
  }

  // Prompts: an input() prompt glued to the front of a line the test expected on its own.
  const promptLine = actLines.find(
    (line, i) => expLines[i] !== undefined && line !== expLines[i] && line.endsWith(expLines[i]),
  );
  if (promptLine) {
    tips.push({
      id: "prompt",
      title: "Check your input() prompt",
      text: "Your output starts a line with extra text, probably an input() prompt. Make the prompt exactly what the task asks for, including spaces.",
    });
  }
  if (actLines.length < expLines.length) {
    tips.push({
      id: "missing",
      title: "Some lines are missing",
      text: `The test expected ${lineCount(expLines.length)} but your program printed ${lineCount(actLines.length)}. Did every print() run?`,
    });
  } else if (actLines.length > expLines.length) {
    tips.push({
      id: "extra",
      title: "Extra lines were printed",
      text: `The test expected ${lineCount(expLines.length)} but your program printed ${lineCount(actLines.length)}. Remove any extra print() calls.`,
    });
  }
  if (tips.length === 0) {
    tips.push({
      id: "compare",
      title: "Compare line by line",
      text: "Look at the highlighted lines: they show where your output and the expected output differ.",
    });
  }
  return tips;
}
