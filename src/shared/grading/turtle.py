"""PyClass's `turtle`: the turtle graphics of Python's standard library, recorded instead of drawn.

The standard module needs Tk, which neither Pyodide nor the grader has. This one keeps the same
names, coordinates and arithmetic (circle() draws the same polygon, speed() the same number of
animation steps) but only records what would be drawn: a list of plain commands (lines, moves,
turns, fills, dots, text, screen settings) that the page replays on a canvas, animated by speed,
and that the server compares with a model solution's. Plain Python: it never touches JavaScript,
and it imports under CPython too (the exercise bank's check runs it there).

A run records at most MAX_COMMANDS commands; the next one raises DrawingTooBig, so an endless
spiral ends instead of freezing the page or the grader. Things the platform cannot do (mouse and
key events, pictures, undo) raise NotImplementedError naming the function.

harness.py gives each run a fresh copy of this module and attaches a sink (`_attach`): recorded
commands go to it in batches (every FLUSH_EVERY commands, when a program waits for input(), at
the end of the run, and after each animated step in the browser so the page can keep up).
"""

import math

__all__ = []  # filled in at the end: every turtle and screen function, as in the standard module

MAX_COMMANDS = 100_000
FLUSH_EVERY = 1_000
DEFAULT_WIDTH = 640
DEFAULT_HEIGHT = 480
# The standard module's screen delay: each animation step (a "hop") is shown for this long.
DEFAULT_DELAY_MS = 10


class TurtleGraphicsError(Exception):
    """Bad arguments, as the standard module raises them (e.g. an unknown colour name)."""


class Terminator(Exception):
    """The standard module raises this once its window is closed; kept so `except` clauses work."""


class DrawingTooBig(RuntimeError):
    """The run asked for more than MAX_COMMANDS drawing steps."""


# Tk's colour names (X11) that GCSE material uses, with Tk's values: Tk's "green" is #00ff00,
# brighter than the web's. Every value is "#rrggbb".
_COLOURS = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#00ff00",
    "blue": "#0000ff", "yellow": "#ffff00", "cyan": "#00ffff", "magenta": "#ff00ff",
    "orange": "#ffa500", "purple": "#a020f0", "pink": "#ffc0cb", "brown": "#a52a2a",
    "grey": "#bebebe", "gray": "#bebebe", "darkgrey": "#a9a9a9", "darkgray": "#a9a9a9",
    "lightgrey": "#d3d3d3", "lightgray": "#d3d3d3", "dimgrey": "#696969", "dimgray": "#696969",
    "silver": "#c0c0c0", "gold": "#ffd700", "navy": "#000080", "navyblue": "#000080",
    "maroon": "#b03060", "olive": "#808000", "lime": "#00ff00", "limegreen": "#32cd32",
    "teal": "#008080", "aqua": "#00ffff", "turquoise": "#40e0d0", "violet": "#ee82ee",
    "indigo": "#4b0082", "darkgreen": "#006400", "forestgreen": "#228b22",
    "lightgreen": "#90ee90", "seagreen": "#2e8b57", "springgreen": "#00ff7f",
    "darkblue": "#00008b", "lightblue": "#add8e6", "skyblue": "#87ceeb", "royalblue": "#4169e1",
    "steelblue": "#4682b4", "dodgerblue": "#1e90ff", "deepskyblue": "#00bfff",
    "midnightblue": "#191970", "darkred": "#8b0000", "crimson": "#dc143c", "tomato": "#ff6347",
    "coral": "#ff7f50", "salmon": "#fa8072", "hotpink": "#ff69b4", "deeppink": "#ff1493",
    "darkorange": "#ff8c00", "orangered": "#ff4500", "chocolate": "#d2691e", "tan": "#d2b48c",
    "beige": "#f5f5dc", "khaki": "#f0e68c", "lavender": "#e6e6fa", "plum": "#dda0dd",
    "orchid": "#da70d6", "darkviolet": "#9400d3", "mediumpurple": "#9370db", "sienna": "#a0522d",
    "wheat": "#f5deb3", "ivory": "#fffff0", "snow": "#fffafa", "mintcream": "#f5fffa",
    "lightyellow": "#ffffe0", "lightpink": "#ffb6c1", "peachpuff": "#ffdab9",
    "yellowgreen": "#9acd32", "chartreuse": "#7fff00", "lawngreen": "#7cfc00",
    "darkcyan": "#008b8b", "lightcyan": "#e0ffff", "firebrick": "#b22222",
    "saddlebrown": "#8b4513", "goldenrod": "#daa520", "darkslategrey": "#2f4f4f",
    "darkslategray": "#2f4f4f", "slategrey": "#708090", "slategray": "#708090",
}


def _hex(colour):
    """"#rrggbb" for a colour string Tk knows ("" stays "": no colour), None for one it doesn't."""
    if colour == "":
        return ""
    name = colour.strip().lower().replace(" ", "")
    if name in _COLOURS:
        return _COLOURS[name]
    digits = name[1:]
    if name.startswith("#") and len(digits) in (3, 6) and all(c in "0123456789abcdef" for c in digits):
        return "#" + (digits if len(digits) == 6 else "".join(c * 2 for c in digits))
    return None


def _not_here(name, why="it needs a window that reacts to the mouse or keyboard"):
    def unsupported(*args, **kwargs):
        raise NotImplementedError(f"turtle.{name}() is not available here: {why}")

    unsupported.__name__ = name
    return unsupported


class _Recording:
    """The run's commands: a bounded count, a pending batch and where batches go."""

    def __init__(self):
        self.count = 0
        self.pending = []
        self.sink = None
        self.live = False

    def add(self, command, animated=False):
        if self.count >= MAX_COMMANDS:
            self.flush()
            raise DrawingTooBig(
                f"the drawing is too big: a program may make at most {MAX_COMMANDS:,} turtle moves"
            )
        self.count += 1
        self.pending.append(command)
        if (animated and self.live) or len(self.pending) >= FLUSH_EVERY:
            self.flush()

    def flush(self):
        if self.pending and self.sink is not None:
            batch, self.pending = self.pending, []
            self.sink(batch)


_recording = _Recording()


def _attach(sink, live=False):
    """harness.py: where recorded batches go; `live` flushes every animated step (the browser)."""
    _recording.sink = sink
    _recording.live = live


def _flush():
    _recording.flush()


def _num(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TurtleGraphicsError(f"{name} must be a number, not {type(value).__name__}")
    if not math.isfinite(value):
        raise TurtleGraphicsError(f"{name} must be a finite number, not {value}")
    return float(value)


def _r(value):
    """Coordinates are recorded to 1/100 of a pixel: 99.99999999999997 is 100 in the record.
    (Faster than round(value, 2), and a drawing needs no more.)"""
    return int(value * 100 + (0.5 if value >= 0 else -0.5)) / 100


class Vec2D(tuple):
    """A position, as the standard module returns it: prints as (x.xx,y.yy), adds and scales."""

    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))

    def __add__(self, other):
        return Vec2D(self[0] + other[0], self[1] + other[1])

    def __sub__(self, other):
        return Vec2D(self[0] - other[0], self[1] - other[1])

    def __mul__(self, other):
        if isinstance(other, Vec2D):
            return self[0] * other[0] + self[1] * other[1]
        return Vec2D(self[0] * other, self[1] * other)

    def __rmul__(self, other):
        if isinstance(other, (int, float)):
            return Vec2D(self[0] * other, self[1] * other)
        return NotImplemented

    def __neg__(self):
        return Vec2D(-self[0], -self[1])

    def __abs__(self):
        return (self[0] ** 2 + self[1] ** 2) ** 0.5

    def rotate(self, angle):
        perp = Vec2D(-self[1], self[0])
        angle = math.radians(angle)
        c, s = math.cos(angle), math.sin(angle)
        return Vec2D(self[0] * c + perp[0] * s, self[1] * c + perp[1] * s)

    def __getnewargs__(self):
        return (self[0], self[1])

    def __repr__(self):
        return "(%.2f,%.2f)" % self


class _Screen:
    """The one screen of a run (Screen() always returns it, as in the standard module)."""

    def __init__(self):
        self._turtles = []
        self._bg = "white"
        self._mode = 1.0
        self._tracing = 1
        self._delay = DEFAULT_DELAY_MS
        self._width = DEFAULT_WIDTH
        self._height = DEFAULT_HEIGHT
        self._title = "Python Turtle Graphics"
        self._timers = []

    # Colours -----------------------------------------------------------------------------
    def _colour(self, args, what="colour"):
        """A colour given as the standard module accepts it, kept as it does: a name as written,
        "#rrggbb" for numbers, "" for none (transparent)."""
        value = args[0] if len(args) == 1 else tuple(args)
        if isinstance(value, str):
            if value == "" or _hex(value) is not None:
                return value
            raise TurtleGraphicsError(f"bad color string: {value}")
        try:
            parts = [_num(part, what) for part in value]
            r, g, b = parts
        except (TypeError, ValueError):
            raise TurtleGraphicsError(f"bad color arguments: {value}") from None
        if self._mode == 1.0:
            r, g, b = [round(255.0 * x) for x in (r, g, b)]
        if not (0 <= r <= 255 and 0 <= g <= 255 and 0 <= b <= 255):
            raise TurtleGraphicsError(f"bad color sequence: {value}")
        return "#%02x%02x%02x" % (int(r), int(g), int(b))

    def _as_given(self, colour):
        """What pencolor() and friends return, as the standard module: a name as it was given,
        numbers in the colour mode for a "#…" colour."""
        if not colour.startswith("#"):
            return colour
        if len(colour) == 7:
            parts = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        else:
            parts = [16 * int(h, 16) for h in colour[1:]]
        return tuple(c * self._mode / 255 for c in parts)

    # Screen methods ----------------------------------------------------------------------
    def bgcolor(self, *args):
        if not args:
            return self._as_given(self._bg)
        self._bg = self._colour(args)
        _recording.add(["bg", _hex(self._bg) or "#ffffff"])

    def setup(self, width=DEFAULT_WIDTH, height=DEFAULT_HEIGHT, startx=None, starty=None):
        # A fraction is a share of the display, as in the standard module; we take the default.
        w = _num(width, "width")
        h = _num(height, "height")
        self._width = int(w * DEFAULT_WIDTH) if 0 < w <= 1 else int(w)
        self._height = int(h * DEFAULT_HEIGHT) if 0 < h <= 1 else int(h)
        if not (10 <= self._width <= 4000 and 10 <= self._height <= 4000):
            raise TurtleGraphicsError("the screen must be between 10 and 4000 pixels wide and high")
        _recording.add(["size", self._width, self._height])

    def screensize(self, canvwidth=None, canvheight=None, bg=None):
        if canvwidth is None and canvheight is None and bg is None:
            return (self._width, self._height)
        if canvwidth is not None and canvheight is not None:
            self.setup(canvwidth, canvheight)
        if bg is not None:
            self.bgcolor(bg)

    def window_width(self):
        return self._width

    def window_height(self):
        return self._height

    def title(self, text):
        self._title = str(text)[:200]
        _recording.add(["title", self._title])

    def colormode(self, mode=None):
        if mode is None:
            return 255 if self._mode == 255 else 1.0
        if mode not in (1, 1.0, 255):
            raise TurtleGraphicsError("colormode must be 1.0 or 255")
        self._mode = 255 if mode == 255 else 1.0

    def tracer(self, n=None, delay=None):
        if n is None:
            return self._tracing
        self._tracing = int(n)
        if delay is not None:
            self.delay(delay)

    def delay(self, delay=None):
        if delay is None:
            return self._delay
        self._delay = max(0, int(delay))

    def update(self):
        _recording.flush()

    def mode(self, mode=None):
        if mode is None or mode == "standard":
            return "standard"
        raise NotImplementedError(f"turtle.mode({mode!r}) is not available here: only 'standard'")

    def turtles(self):
        return list(self._turtles)

    def clear(self):
        _recording.add(["clearscreen"])
        self._turtles.clear()
        self._bg = "white"

    clearscreen = clear

    def reset(self):
        for t in self._turtles:
            t.reset()

    resetscreen = reset

    def textinput(self, title, prompt):
        """A dialog box in the standard module; here the question is asked in the console."""
        return input(str(prompt) + " ")

    def numinput(self, title, prompt, default=None, minval=None, maxval=None):
        while True:
            answer = input(str(prompt) + " ")
            try:
                number = float(answer)
            except ValueError:
                if answer == "" and default is not None:
                    return float(default)
                print("Please type a number.")
                continue
            if (minval is not None and number < minval) or (maxval is not None and number > maxval):
                print(f"Please type a number between {minval} and {maxval}.")
                continue
            return number

    def ontimer(self, fun, t=0):
        """Runs `fun` once the program has finished drawing (at done()/mainloop()), in time order."""
        if not callable(fun):
            raise TurtleGraphicsError("ontimer needs a function")
        self._timers.append((max(0, _num(t, "t")), len(self._timers), fun))

    def mainloop(self):
        """The standard module waits here until the window closes; here the run ends once the
        timers set with ontimer have run (at most 10,000 of them)."""
        ran = 0
        while self._timers and ran < 10_000:
            self._timers.sort(key=lambda timer: (timer[0], timer[1]))
            _at, _order, fun = self._timers.pop(0)
            fun()
            ran += 1
        self._timers.clear()
        _recording.flush()

    done = mainloop

    def exitonclick(self):
        self.mainloop()

    def bye(self):
        _recording.flush()

    def listen(self, xdummy=None, ydummy=None):
        """Keyboard focus for the window: nothing to do here (key events are not available)."""

    def getcanvas(self):
        raise NotImplementedError("turtle.getcanvas() is not available here: there is no Tk canvas")

    onkey = onkeyrelease = _not_here("onkey")
    onkeypress = _not_here("onkeypress")
    onclick = onscreenclick = _not_here("onscreenclick")
    bgpic = _not_here("bgpic", "pictures cannot be loaded")
    register_shape = addshape = _not_here("register_shape", "only the built-in shapes are available")
    getshapes = lambda self: ["arrow", "blank", "circle", "classic", "square", "triangle", "turtle"]  # noqa: E731


_screen = None


def Screen():
    """The run's screen (one per run)."""
    global _screen
    if _screen is None:
        _screen = _Screen()
    return _screen


_SPEEDS = {"fastest": 0, "fast": 10, "normal": 6, "slow": 3, "slowest": 1}
_SHAPES = ("arrow", "blank", "circle", "classic", "square", "triangle", "turtle")


class Turtle:
    """A turtle on the run's screen. Position (0, 0) is the middle, y goes up, heading 0 is east
    and angles are in degrees, turning left anticlockwise. Positions and headings are worked out
    as the standard module does (an orientation vector turned step by step), so what a program
    prints about them is what it prints with the standard module."""

    def __init__(self, shape="classic", undobuffersize=1000, visible=True):
        self.screen = Screen()
        self._id = len(self.screen._turtles)
        self.screen._turtles.append(self)
        # Position and orientation as plain numbers (Vec2D only for what a program reads): the
        # same arithmetic as the standard module's vectors, in the same order, so the same floats.
        self._x, self._y = 0.0, 0.0
        self._ox, self._oy = 1.0, 0.0
        self._down = True
        self._width = 1.0
        self._pen = "black"
        self._fill = "black"
        self._speed = 3
        self._shown = bool(visible)
        self._shape = shape if shape in _SHAPES else "classic"
        self._fill_path = None
        self._fill_since = 0
        self._fullcircle = 360.0
        self._degrees_per_unit = 1.0
        self._look()

    # Recording helpers -----------------------------------------------------------------------
    def _animated(self):
        return self._speed != 0 and self.screen._tracing == 1 and self.screen._delay > 0

    def _look(self):
        pen, fill = _hex(self._pen) or "#000000", _hex(self._fill) or "#ffffff"
        _recording.add(["turtle", self._id, self._shown, self._shape, pen, fill, self._width])

    def _goto(self, end_x, end_y, animate=True):
        """Moves in a straight line to (end_x, end_y), drawing if the pen is down. Animated as
        the standard module animates it: 1 + distance / (3 * 1.1**speed * speed) screen steps."""
        ms = 0
        if animate and self._speed != 0 and self._animated():
            distance = ((end_x - self._x) ** 2 + (end_y - self._y) ** 2) ** 0.5
            hops = 1 + int(distance / (3 * (1.1**self._speed) * self._speed))
            ms = hops * self.screen._delay
        x1, y1, x, y = _r(self._x), _r(self._y), _r(end_x), _r(end_y)
        self._x, self._y = end_x, end_y
        if self._fill_path is not None:
            self._fill_path.append((x, y))
        if self._down and self._pen != "":
            command = ["line", self._id, x1, y1, x, y, _hex(self._pen), self._width, ms]
        else:
            command = ["move", self._id, x1, y1, x, y, ms]
        _recording.add(command, animated=ms > 0)

    def _go(self, distance):
        self._goto(self._x + self._ox * distance, self._y + self._oy * distance)

    def _rotate(self, angle, animate=True):
        """Turns by `angle` in the program's unit (left is positive)."""
        angle *= self._degrees_per_unit
        ms = 0
        if animate and self._animated() and self._shown:
            ms = (1 + int(abs(angle) / (3.0 * self._speed))) * self.screen._delay
        # Vec2D.rotate's arithmetic
        rad = math.radians(angle)
        c, s = math.cos(rad), math.sin(rad)
        ox, oy = self._ox, self._oy
        self._ox, self._oy = ox * c + -oy * s, oy * c + ox * s
        heading = math.atan2(self._oy, self._ox) * 180.0 / math.pi % 360.0
        _recording.add(["turn", self._id, _r(heading) % 360.0, ms], animated=ms > 0)

    def _heading_degrees(self):
        return round(math.atan2(self._oy, self._ox) * 180.0 / math.pi, 10) % 360.0

    def _point(self, x, y, what):
        if y is None:
            if isinstance(x, Turtle):
                return x.position()
            if not (isinstance(x, (tuple, list)) and len(x) == 2):
                raise TurtleGraphicsError(f"{what} needs x and y, or a position (x, y)")
            x, y = x
        return Vec2D(_num(x, "x"), _num(y, "y"))

    # Moving and turning ---------------------------------------------------------------------
    def forward(self, distance):
        self._go(_num(distance, "distance"))

    fd = forward

    def back(self, distance):
        self._go(-_num(distance, "distance"))

    bk = backward = back

    def left(self, angle):
        self._rotate(_num(angle, "angle"))

    lt = left

    def right(self, angle):
        self._rotate(-_num(angle, "angle"))

    rt = right

    def goto(self, x, y=None):
        self._goto(*self._point(x, y, "goto"))

    setpos = setposition = goto

    def setx(self, x):
        self._goto(_num(x, "x"), self._y)

    def sety(self, y):
        self._goto(self._x, _num(y, "y"))

    def setheading(self, to_angle):
        angle = _num(to_angle, "to_angle") - self.heading()
        full = self._fullcircle
        self._rotate((angle + full / 2.0) % full - full / 2.0)

    seth = setheading

    def home(self):
        self.goto(0, 0)
        self.setheading(0)

    def circle(self, radius, extent=None, steps=None):
        """The standard module's polygon: the same steps, the same points, each side animated at
        the turtle's speed and the turns between them not."""
        radius = _num(radius, "radius")
        extent = self._fullcircle if extent is None else _num(extent, "extent")
        if steps is None:
            frac = abs(extent) / self._fullcircle
            steps = 1 + int(min(11 + abs(radius) / 6.0, 59.0) * frac)
        else:
            steps = int(_num(steps, "steps"))
            if steps < 1:
                raise TurtleGraphicsError("steps must be at least 1")
        w = 1.0 * extent / steps
        w2 = 0.5 * w
        length = 2.0 * radius * math.sin(w2 * math.pi / 180.0 * self._degrees_per_unit)
        if radius < 0:
            length, w, w2 = -length, -w, -w2
        self._rotate(w2, animate=False)
        for _ in range(steps):
            self._go(length)
            self._rotate(w, animate=False)
        self._rotate(-w2, animate=False)

    def dot(self, size=None, *color):
        if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float))):
            color = (size,) + color
            size = None
        diameter = max(self._width + 4, self._width * 2) if size is None else _num(size, "size")
        colour = _hex(self._pen if not color else self.screen._colour(color))
        x, y = self._x, self._y
        if colour:
            _recording.add(["dot", self._id, _r(x), _r(y), _r(max(1.0, diameter)), colour])

    def stamp(self):
        x, y = self._x, self._y
        heading = _r(self._heading_degrees())
        pen, fill = _hex(self._pen) or "#000000", _hex(self._fill) or "#ffffff"
        _recording.add(["stamp", self._id, _r(x), _r(y), heading, self._shape, pen, fill])
        return _recording.count

    def write(self, arg, move=False, align="left", font=("Arial", 8, "normal")):
        text = str(arg)[:1000]
        align = align if align in ("left", "center", "right") else "left"
        try:
            family, size, *style = font
            font = [str(family)[:50], int(size), str(style[0]) if style else "normal"]
        except (TypeError, ValueError):
            raise TurtleGraphicsError("font must be (name, size, style), e.g. ('Arial', 12, 'normal')") from None
        x, y = self._x, self._y
        _recording.add(["text", self._id, _r(x), _r(y), text, align, font, _hex(self._pen) or "#000000"])
        if move:
            # About as wide as the text is drawn (the standard module measures it on its canvas).
            self._goto(x + len(text) * font[1] * 0.6, y, animate=False)

    # Pen -------------------------------------------------------------------------------------
    def penup(self):
        self._down = False

    pu = up = penup

    def pendown(self):
        self._down = True

    pd = down = pendown

    def isdown(self):
        return self._down

    def pensize(self, width=None):
        if width is None:
            return self._width
        self._width = max(0.0, _num(width, "width"))
        self._look()

    width = pensize

    def pencolor(self, *args):
        if not args:
            return self.screen._as_given(self._pen)
        self._pen = self.screen._colour(args)
        self._look()

    def fillcolor(self, *args):
        if not args:
            return self.screen._as_given(self._fill)
        self._fill = self.screen._colour(args)
        self._look()

    def color(self, *args):
        if not args:
            return self.pencolor(), self.fillcolor()
        if len(args) == 2:
            self._pen = self.screen._colour((args[0],))
            self._fill = self.screen._colour((args[1],))
        else:
            self._pen = self._fill = self.screen._colour(args)
        self._look()

    def begin_fill(self):
        x, y = self._x, self._y
        self._fill_path = [(_r(x), _r(y))]
        # The fill goes under what is drawn from here on (the page draws those lines over it).
        self._fill_since = _recording.count

    def end_fill(self):
        if self._fill_path is not None and len(self._fill_path) > 2 and self._fill != "":
            points = [value for point in self._fill_path for value in point]
            _recording.add(["fill", self._id, points, _hex(self._fill), self._fill_since])
        self._fill_path = None

    def filling(self):
        return self._fill_path is not None

    def speed(self, speed=None):
        if speed is None:
            return self._speed
        if isinstance(speed, str):
            if speed not in _SPEEDS:
                raise TurtleGraphicsError(f"bad speed: {speed!r} (use 0 to 10, or 'fastest' to 'slowest')")
            self._speed = _SPEEDS[speed]
            return
        speed = _num(speed, "speed")
        self._speed = int(round(speed)) if 0.5 < speed < 10.5 else 0

    def hideturtle(self):
        self._shown = False
        self._look()

    ht = hideturtle

    def showturtle(self):
        self._shown = True
        self._look()

    st = showturtle

    def isvisible(self):
        return self._shown

    def shape(self, name=None):
        if name is None:
            return self._shape
        if name not in _SHAPES:
            raise TurtleGraphicsError(f"There is no shape named {name}")
        self._shape = name
        self._look()

    def shapesize(self, stretch_wid=None, stretch_len=None, outline=None):
        """Accepted; the turtle is drawn at its usual size."""
        return (1.0, 1.0, 1)

    turtlesize = shapesize

    def degrees(self, fullcircle=360.0):
        self._fullcircle = _num(fullcircle, "fullcircle")
        self._degrees_per_unit = 360.0 / self._fullcircle

    def radians(self):
        self.degrees(2 * math.pi)

    # State -----------------------------------------------------------------------------------
    def position(self):
        return Vec2D(self._x, self._y)

    pos = position

    def xcor(self):
        return self._x

    def ycor(self):
        return self._y

    def heading(self):
        return self._heading_degrees() / self._degrees_per_unit

    def towards(self, x, y=None):
        x, y = self._point(x, y, "towards") - self.position()
        result = round(math.atan2(y, x) * 180.0 / math.pi, 10) % 360.0
        return (result / self._degrees_per_unit) % self._fullcircle

    def distance(self, x, y=None):
        return abs(self._point(x, y, "distance") - self.position())

    def clear(self):
        _recording.add(["clear", self._id])

    def reset(self):
        self.clear()
        self._x, self._y, self._ox, self._oy = 0.0, 0.0, 1.0, 0.0
        self._down, self._width, self._pen, self._fill = True, 1.0, "black", "black"
        self._fill_path = None
        _recording.add(["move", self._id, 0.0, 0.0, 0.0, 0.0, 0])
        _recording.add(["turn", self._id, 0.0, 0])
        self._look()

    def getscreen(self):
        return self.screen

    def getturtle(self):
        return self

    getpen = getturtle

    def setundobuffer(self, size):
        """Accepted; there is no undo here."""

    def clone(self):
        twin = Turtle(self._shape, visible=self._shown)
        twin._down, twin._width, twin._pen, twin._fill = self._down, self._width, self._pen, self._fill
        twin._speed, twin._fullcircle, twin._degrees_per_unit = self._speed, self._fullcircle, self._degrees_per_unit
        down, twin._down = twin._down, False
        twin._goto(self._x, self._y, animate=False)
        twin._down = down
        twin._ox, twin._oy = self._ox, self._oy
        twin._rotate(0, animate=False)
        twin._look()
        return twin

    undo = _not_here("undo", "there is no undo buffer")
    onclick = _not_here("onclick")
    onrelease = _not_here("onrelease")
    ondrag = _not_here("ondrag")


Pen = RawTurtle = RawPen = Turtle
_default = None


def getturtle():
    """The turtle the module-level functions move (made on first use)."""
    global _default
    if _default is None:
        _default = Turtle()
    return _default


getpen = getturtle


def _turtle_function(name):
    def function(*args, **kwargs):
        return getattr(getturtle(), name)(*args, **kwargs)

    function.__name__ = name
    function.__doc__ = getattr(Turtle, name).__doc__
    return function


def _screen_function(name):
    def function(*args, **kwargs):
        return getattr(Screen(), name)(*args, **kwargs)

    function.__name__ = name
    function.__doc__ = getattr(_Screen, name).__doc__
    return function


_TURTLE_FUNCTIONS = [
    name
    for name in dir(Turtle)
    if not name.startswith("_") and callable(getattr(Turtle, name)) and name not in ("getturtle", "getpen", "getscreen")
]
_SCREEN_FUNCTIONS = [
    name for name in dir(_Screen) if not name.startswith("_") and name not in _TURTLE_FUNCTIONS
]
for _name in _TURTLE_FUNCTIONS:
    globals()[_name] = _turtle_function(_name)
for _name in _SCREEN_FUNCTIONS:
    globals()[_name] = _screen_function(_name)
# Names both have: the module-level clear()/reset() act on the default turtle, as in the standard
# module; clearscreen()/resetscreen() on the screen.


def getscreen():
    return Screen()


def exitonclick():
    Screen().exitonclick()


def done():
    Screen().mainloop()


mainloop = done
__all__ = sorted(
    set(_TURTLE_FUNCTIONS + _SCREEN_FUNCTIONS)
    | {"Turtle", "Pen", "RawTurtle", "RawPen", "Screen", "Vec2D", "getturtle", "getpen", "getscreen",
       "done", "mainloop", "exitonclick", "TurtleGraphicsError", "Terminator"}
)
del _name
