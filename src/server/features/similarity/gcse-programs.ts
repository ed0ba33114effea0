// Realistic GCSE programs for the similarity tests and `npm run bench -- similarity`: one
// assignment ("Cinema tickets") with a sizeable starter (a price table and two helper functions),
// several ways students really solve it, and a year group made from them the way a year group
// differs — names of their own, their own prompts, lines in another order, comments, and a few
// copies of a classmate's work with the names changed.

export const CINEMA_STARTER = `# Cinema ticket booking
# Complete the program so it books tickets for one customer.

PRICES = {"adult": 8.50, "child": 5.00, "senior": 6.25}
MAX_TICKETS = 10


def ask_number(prompt, low, high):
    """Keep asking until the user types a whole number from low to high."""
    while True:
        text = input(prompt)
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        print("Please enter a number from", low, "to", high)


def show_prices():
    print("Ticket prices")
    for kind in PRICES:
        print(kind, "£" + format(PRICES[kind], ".2f"))


# Your code here
`;

const withStarter = (body: string) => CINEMA_STARTER.replace("# Your code here\n", body);

/** A student's own solution: a function for the total, three questions, a group discount. */
export const CINEMA_FUNCTION = withStarter(`def ticket_total(adults, children, seniors):
    total = adults * PRICES["adult"] + children * PRICES["child"] + seniors * PRICES["senior"]
    if adults + children + seniors >= 5:
        total = total * 0.9
    return round(total, 2)


show_prices()
adults = ask_number("How many adults? ", 0, MAX_TICKETS)
children = ask_number("How many children? ", 0, MAX_TICKETS - adults)
seniors = ask_number("How many seniors? ", 0, MAX_TICKETS - adults - children)
if adults + children + seniors == 0:
    print("No tickets booked")
else:
    cost = ticket_total(adults, children, seniors)
    print("Tickets:", adults + children + seniors)
    print("Total to pay: £" + format(cost, ".2f"))
`);

/** CINEMA_FUNCTION copied with every name and prompt changed: what a renamed copy looks like. */
export const CINEMA_FUNCTION_RENAMED = withStarter(`def work_out_cost(a, c, s):
    price = a * PRICES["adult"] + c * PRICES["child"] + s * PRICES["senior"]
    if a + c + s >= 5:
        price = price * 0.9
    return round(price, 2)


show_prices()
num_adults = ask_number("Adults: ", 0, MAX_TICKETS)
num_kids = ask_number("Children: ", 0, MAX_TICKETS - num_adults)
num_old = ask_number("Seniors: ", 0, MAX_TICKETS - num_adults - num_kids)
if num_adults + num_kids + num_old == 0:
    print("Nothing booked")
else:
    amount = work_out_cost(num_adults, num_kids, num_old)
    print("Tickets:", num_adults + num_kids + num_old)
    print("Total to pay: £" + format(amount, ".2f"))
`);

/** Another student's own work on the same starter: a basket filled in a loop. */
export const CINEMA_BASKET = withStarter(`show_prices()
basket = []
count = 0
while count < MAX_TICKETS:
    kind = input("Ticket type (adult/child/senior) or done: ").strip().lower()
    if kind == "done":
        break
    if kind not in PRICES:
        print("Unknown ticket type")
        continue
    basket.append(kind)
    count += 1

subtotal = 0
for kind in basket:
    subtotal += PRICES[kind]
discount = 0
if len(basket) >= 5:
    discount = subtotal / 10
print("You booked", len(basket), "tickets")
print("Discount: £" + format(discount, ".2f"))
print("Total to pay: £" + format(subtotal - discount, ".2f"))
`);

/** A third way: a main() that loops over the ticket kinds. */
export const CINEMA_MAIN = withStarter(`def main():
    show_prices()
    total_people = 0
    bill = 0.0
    for kind in ["adult", "child", "senior"]:
        left = MAX_TICKETS - total_people
        n = ask_number(kind.title() + " tickets (0-" + str(left) + "): ", 0, left)
        total_people = total_people + n
        bill = bill + n * PRICES[kind]
    if total_people >= 5:
        print("Group discount applied")
        bill = bill - bill * 0.1
    if total_people == 0:
        print("No tickets booked")
    else:
        print("Total to pay: £%.2f" % bill)


main()
`);

// The year group: each approach is a template whose names (@a, @b, …) and prompts ({0}, {1}, …)
// each student fills in their own way.
const APPROACHES = [
  `def @f(@a, @b, @c):
    @t = @a * PRICES["adult"] + @b * PRICES["child"] + @c * PRICES["senior"]
    if @a + @b + @c >= 5:
        @t = @t * 0.9
    return round(@t, 2)


show_prices()
@a = ask_number("{0}", 0, MAX_TICKETS)
@b = ask_number("{1}", 0, MAX_TICKETS - @a)
@c = ask_number("{2}", 0, MAX_TICKETS - @a - @b)
if @a + @b + @c == 0:
    print("{3}")
else:
    @x = @f(@a, @b, @c)
    print("Total to pay: £" + format(@x, ".2f"))
`,
  `show_prices()
@l = []
while len(@l) < MAX_TICKETS:
    @k = input("{0}").strip().lower()
    if @k == "done":
        break
    if @k in PRICES:
        @l.append(@k)
    else:
        print("{3}")
@t = 0
for @k in @l:
    @t += PRICES[@k]
if len(@l) >= 5:
    @t = @t - @t / 10
print("{1}", len(@l))
print("Total to pay: £" + format(@t, ".2f"))
`,
  `def @f():
    show_prices()
    @n = 0
    @t = 0.0
    for @k in ["adult", "child", "senior"]:
        @x = ask_number(@k + "{0}", 0, MAX_TICKETS - @n)
        @n = @n + @x
        @t = @t + @x * PRICES[@k]
    if @n >= 5:
        @t = @t * 0.9
    if @n == 0:
        print("{3}")
    else:
        print("Total to pay: £%.2f" % @t)


@f()
`,
  `show_prices()
@a = ask_number("{0}", 0, MAX_TICKETS)
@b = ask_number("{1}", 0, MAX_TICKETS - @a)
@c = ask_number("{2}", 0, MAX_TICKETS - @a - @b)
@n = @a + @b + @c
@t = @a * PRICES["adult"]
@t = @t + @b * PRICES["child"]
@t = @t + @c * PRICES["senior"]
if @n == 0:
    print("{3}")
elif @n >= 5:
    print("Group discount!")
    print("Total to pay: £" + str(round(@t * 0.9, 2)))
else:
    print("Total to pay: £" + str(round(@t, 2)))
`,
  `@t = 0
@n = 0
show_prices()
for @k in PRICES:
    @x = ask_number("{0}" + @k + ": ", 0, MAX_TICKETS - @n)
    @n += @x
    @t += @x * PRICES[@k]
    print(@x, @k, "{1}")
if @n >= 5:
    @t *= 0.9
print("{2}", @n)
if @n > 0:
    print("Total to pay: £" + format(@t, ".2f"))
else:
    print("{3}")
`,
  `def @f(@k, @x):
    return PRICES[@k] * @x


def @g(@t, @n):
    if @n >= 5:
        return @t * 0.9
    return @t


show_prices()
@a = ask_number("{0}", 0, MAX_TICKETS)
@b = ask_number("{1}", 0, MAX_TICKETS - @a)
@c = ask_number("{2}", 0, MAX_TICKETS - @a - @b)
@t = @f("adult", @a) + @f("child", @b) + @f("senior", @c)
@t = @g(@t, @a + @b + @c)
if @t == 0:
    print("{3}")
print("Total to pay: £" + format(@t, ".2f"))
`,
];

const NAMES = [
  ["adults", "kids", "oaps", "total", "cost", "calc", "apply_discount", "tickets", "kind", "count", "amount"],
  ["a", "c", "s", "t", "result", "price_for", "discounted", "basket", "ticket", "num", "qty"],
  [
    "num_adults",
    "num_children",
    "num_seniors",
    "bill",
    "to_pay",
    "work_out",
    "discount",
    "chosen",
    "choice",
    "people",
    "n",
  ],
  [
    "adult_count",
    "child_count",
    "senior_count",
    "price",
    "final",
    "get_total",
    "group_price",
    "order",
    "t_type",
    "how_many",
    "got",
  ],
  ["x", "y", "z", "money", "answer", "booking", "reduce", "items", "item", "size", "k"],
];
const PROMPTS = [
  ["How many adults? ", "How many children? ", "How many seniors? ", "No tickets booked"],
  ["Adults: ", "Children: ", "Seniors: ", "Nothing booked"],
  [
    "Enter number of adult tickets: ",
    "Enter number of child tickets: ",
    "Enter number of senior tickets: ",
    "You did not book any tickets",
  ],
  ["adults> ", "children> ", "seniors> ", "No booking made"],
];
/** Lines a student adds of their own accord, each a whole statement. */
const EXTRA_LINES = [
  'print("Welcome to the cinema!")',
  'print("-" * 20)',
  'print("Thank you for booking")',
  "print()",
  'name = input("Your name: ")\nprint("Hello", name)',
  'if MAX_TICKETS < 1:\n    print("Sold out")',
  'screen = "Screen 1"\nprint("Showing on", screen)',
  'for i in range(3):\n    print("*" * (i + 1))',
  'film = input("Which film? ").title()\nprint("Booking for", film)',
  'print("Prices include VAT")',
];

/** Where a top-level statement may go: before a line that starts a statement, not inside a block. */
function statementStarts(lines: string[]): number[] {
  const at: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line || /^\s/.test(line) || /^(else|elif)\b/.test(line)) continue;
    if (lines[i - 1].trimEnd().endsWith(":")) continue;
    at.push(i);
  }
  return at.length > 0 ? at : [lines.length];
}

const SLOTS = ["@a", "@b", "@c", "@t", "@x", "@f", "@g", "@l", "@k", "@n", "@y"];

/** A small deterministic random generator (mulberry32), so every bench run sees the same year group. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Renames a program's own identifiers (whole words; the starter's names stay). */
export function renameIdentifiers(code: string, renames: Record<string, string>): string {
  return code.replace(/\b[A-Za-z_][A-Za-z0-9_]*\b/g, (word) => renames[word] ?? word);
}

/**
 * `count` students' programs for the cinema assignment: each picks an approach, names and prompts
 * of their own (mixed from several styles), sometimes a comment or a blank line moved; about one
 * in ten hands in a classmate's program with the names changed (`copiedFrom` says whose).
 */
export function yearGroup(count: number, seed = 2026): { code: string; copiedFrom: number | null }[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const out: { code: string; copiedFrom: number | null; names: string[] }[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 5 && rnd() < 0.1) {
      const from = Math.floor(rnd() * out.length);
      const source = out[from];
      const renames: Record<string, string> = {};
      source.names.forEach((name, j) => {
        renames[name] = `${pick(NAMES)[j]}_${i}`;
      });
      out.push({ code: renameIdentifiers(source.code, renames), copiedFrom: from, names: [] });
      continue;
    }
    const names = SLOTS.map((_, j) => `${pick(NAMES)[j]}${rnd() < 0.3 ? String(i % 7) : ""}`);
    let body = pick(APPROACHES);
    SLOTS.forEach((slot, j) => {
      body = body.replaceAll(slot, names[j]);
    });
    const prompts = pick(PROMPTS);
    prompts.forEach((p, j) => {
      body = body.replaceAll(`{${j}}`, rnd() < 0.5 ? p : pick(PROMPTS)[j]);
    });
    let lines = body.split("\n");
    // Each student adds a few lines of their own (a greeting, a rule line, a check) where a
    // statement may go, tells the total their way, and words the discount rule differently.
    const extras = 1 + Math.floor(rnd() * 4);
    for (let e = 0; e < extras; e++) {
      const at = statementStarts(lines);
      lines.splice(at[Math.floor(rnd() * at.length)], 0, ...pick(EXTRA_LINES).split("\n"));
    }
    if (rnd() < 0.4)
      lines.splice(1 + Math.floor(rnd() * (lines.length - 2)), 0, `# ${pick(["step", "now", "then"])} ${i}`);
    if (rnd() < 0.3) lines = lines.map((l) => l.replace(/ >= 5/, " > 4"));
    if (rnd() < 0.2) lines = lines.map((l) => l.replace(/ \* 0\.9/, " * (1 - 0.1)"));
    if (rnd() < 0.4)
      lines = lines.map((l) =>
        l.replace(
          /print\("Total to pay: £" \+ format\((\w+), "\.2f"\)\)/,
          'print(f"Total to pay: £{$1:.2f}")',
        ),
      );
    if (rnd() < 0.3) lines = lines.map((l) => l.replace(/^(\s*)(\w+) = \2 \+ (\w+)$/, "$1$2 += $3"));
    out.push({ code: withStarter(`${lines.join("\n")}\n`), copiedFrom: null, names });
  }
  return out.map(({ code, copiedFrom }) => ({ code, copiedFrom }));
}
