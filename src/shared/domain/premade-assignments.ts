// What a teacher starts an assignment from (spec 02 §2): an exercise of the library (the picker
// lists GET /api/exercises, whose bank holds the spec's three entries below). Choosing one
// pre-fills the custom assignment form; the teacher picks the class and may edit anything.
export type PremadeAssignment = {
  id: string;
  title: string;
  category: string;
  difficulty: "easy" | "medium" | "hard";
  description: string;
  starterCode: string;
  testCases: { description: string; input: string; expectedOutput: string; hidden: boolean }[];
};

export const PREMADE_ASSIGNMENTS: PremadeAssignment[] = [
  {
    id: "using-comments",
    title: "Using Comments",
    category: "Variables & Operators",
    difficulty: "easy",
    description:
      "Comments start with # and Python ignores them. Write a program with at least one comment that prints exactly: Comments help people read code",
    starterCode: "# This line is a comment: Python skips it\n# Your code here\n",
    testCases: [
      {
        description: "Prints the message",
        input: "",
        expectedOutput: "Comments help people read code",
        hidden: false,
      },
    ],
  },
  {
    id: "print-and-input",
    title: "Print and Input with Strings",
    category: "Variables & Operators",
    difficulty: "easy",
    description:
      'Ask for the user\'s favourite food with input("What is your favourite food? ") and print: I like <food> too!',
    starterCode: "# Ask a question, then answer it\n",
    testCases: [
      {
        description: "Pizza",
        input: "pizza",
        expectedOutput: "What is your favourite food? pizza\nI like pizza too!",
        hidden: false,
      },
      { description: "Curry", input: "curry", expectedOutput: "I like curry too!", hidden: false },
    ],
  },
  {
    id: "what-is-an-array",
    title: "What is an Array",
    category: "Arrays",
    difficulty: "easy",
    description:
      "In Python an array is a list. Make a list of the three colours red, green and blue, print the first colour, then print how many colours the list holds.",
    starterCode: "colours = []\n# Your code here\n",
    testCases: [
      { description: "First colour and length", input: "", expectedOutput: "red\n3", hidden: false },
    ],
  },
];

/** Search by title, category or description, ignoring case. */
export function searchPremade(query: string, list = PREMADE_ASSIGNMENTS): PremadeAssignment[] {
  const q = query.trim().toLowerCase();
  if (!q) return list;
  return list.filter((p) => [p.title, p.category, p.description].some((f) => f.toLowerCase().includes(q)));
}
