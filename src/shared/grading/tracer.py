"""PyClass's step recorder for the visualiser (issue 21, decision 067).

While a program runs, this records a *step* each time a line of the student's code is about to
run, a function of theirs returns, or an error happens in it: the line, every frame of theirs
(outermost first) with its variables, and the lists, dicts, sets and objects those reach, drawn
as numbered boxes so that two names sharing one list point at one box. The page steps through
the record afterwards (src/shared/domain/visualiser.ts reads it).

Safe by construction: values are read with the built-in types' own methods (never a student's
__repr__, __eq__ or property), bounded per value (MAX_VALUE_CHARS, MAX_ITEMS, MAX_DEPTH) and per
step (MAX_OBJECTS, MAX_FRAMES, MAX_NAMES); the run stops after MAX_STEPS steps (StepLimitReached)
or MAX_TOTAL_CHARS of record (TraceTooBig), so a program that runs forever ends.

The record is JSON lines handed to `emit`: "p<json>" defines the next part (a frame's variables
or one box; a part equal to an earlier one is not sent again, so a list unchanged for 1,000
steps costs one part), "s<json>" is a step referring to parts by number, and "e<json>" ends the
record. In the browser `emit` writes to a device the worker reads (trace-recorder.ts), which
stamps each step with how much output there was at that moment.

Plain Python that imports only `json` and `sys`: tested under CPython (tracer-cpython.test.ts),
runs in the browser's Pyodide. Uses sys.monitoring where it exists (3.12+: cheaper, see the
decision), sys.settrace otherwise.
"""

import json
import sys

MAX_STEPS = 10_000
MAX_TOTAL_CHARS = 8_000_000
MAX_VALUE_CHARS = 2_000
MAX_ITEMS = 50
MAX_STRING = 100
MAX_DEPTH = 8
MAX_OBJECTS = 200
MAX_FRAMES = 40
MAX_NAMES = 60
MAX_INT_DIGITS = 60
STUDENT_FILENAME = "<main>"
_CO_OPTIMIZED = 0x1  # a function's frame (not the module's or a class body's)
_CO_GENERATOR_LIKE = 0x20 | 0x80 | 0x200  # generators and coroutines: a "return" may be a yield


class StepLimitReached(BaseException):
    """The visualiser stops a program after MAX_STEPS steps (a BaseException: `except Exception`
    in the program does not catch it)."""


class TraceTooBig(BaseException):
    """The program's values took more than MAX_TOTAL_CHARS of record."""


_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode
_function = type(lambda: None)
_builtin = type(len)
_method = type(json.JSONEncoder().encode)
_module = type(sys)
_type_name = type.__dict__["__name__"].__get__
_type_qualname = type.__dict__["__qualname__"].__get__
_type_module = type.__dict__["__module__"].__get__
_type_mro = type.__dict__["__mro__"].__get__
_object_dict = object.__getattribute__
_CONTAINERS = (list, tuple, dict, set, frozenset)


def _int_text(value):
    """Digits of an int, cut in the middle past MAX_INT_DIGITS (a huge number is never converted
    whole: CPython refuses above 4,300 digits, and it is slow)."""
    bits = int.bit_length(value)
    if bits > 4 * MAX_INT_DIGITS * 4:  # far more digits than shown: say how many, roughly
        return f"a number about {int(bits * 0.30103) + 1:,} digits long"
    text = int.__repr__(value)
    if len(text) > MAX_INT_DIGITS:
        return f"{text[:30]}…{text[-10:]} ({len(text):,} digits)"
    return text


def _short(text, limit=MAX_STRING):
    return text if len(text) <= limit else text[:limit] + "…"


def _describe(value, kind):
    """Words for something that is not a box: a function, a class, a module, a range…"""
    if kind is _function:
        code = value.__code__
        params = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        return f"function {_short(value.__qualname__, 60)}({_short(', '.join(params), 80)})"
    if kind is _builtin:
        return f"built-in function {_short(value.__name__, 60)}"
    if kind is _method:
        func = value.__func__
        return f"method {_short(getattr(func, '__qualname__', '?') if type(func) is _function else '?', 60)}"
    if kind is range:
        return range.__repr__(value)
    if kind is _module:
        name = _object_dict(value, "__dict__").get("__name__")
        return f"module {_short(name, 60)}" if type(name) is str else "a module"
    if _inherits(kind, type):  # a class
        return f"class {_short(_type_qualname(value), 60)}"
    return f"{_short(_type_name(kind), 60)} object"


class _Step:
    """One step's values: boxes numbered in the order they are first reached."""

    def __init__(self):
        self.ids = {}
        self.boxes = []
        self.budget = MAX_VALUE_CHARS

    def value(self, v, depth=0):
        kind = type(v)
        if v is None:
            self.budget -= 4
            return ["n"]
        if kind is bool:
            self.budget -= 5
            return ["b", v]
        if kind is int:
            text = _int_text(v)
            self.budget -= len(text) + 6
            return ["i", text]
        if kind is float:
            text = float.__repr__(v)
            self.budget -= len(text) + 6
            return ["f", text]
        if kind is str:
            shown = str.__repr__(v[:MAX_STRING])
            self.budget -= len(shown) + 6
            return ["s", shown, len(v)] if len(v) > MAX_STRING else ["s", shown]
        if kind is complex:
            return ["f", complex.__repr__(v)]
        if _base_container(kind) is not None or _is_student_object(kind):
            return self.box(v, kind, depth)
        text = _describe(v, kind)
        self.budget -= len(text) + 6
        return ["t", text]

    def box(self, v, kind, depth):
        key = id(v)
        found = self.ids.get(key)
        if found is not None:
            return ["r", found]
        if depth >= MAX_DEPTH or len(self.boxes) >= MAX_OBJECTS or self.budget <= 0:
            return ["x"]
        index = len(self.boxes)
        self.ids[key] = index
        self.boxes.append(None)
        self.boxes[index] = self.contents(v, kind, depth + 1)
        return ["r", index]

    def contents(self, v, kind, depth):
        base = _base_container(kind)
        name = None if base is kind else _short(_type_name(kind), 60)
        self.budget -= 10
        if base is dict:
            entries = []
            total = dict.__len__(v)
            for k, item in dict.items(v):
                if len(entries) >= MAX_ITEMS or self.budget <= 0:
                    break
                entries.append([self.value(k, depth), self.value(item, depth)])
            box = {"k": "dict", "e": entries}
            shown = len(entries)
        elif base is None:  # an object of a class the program defined: its attributes
            entries = []
            try:
                attributes = _object_dict(v, "__dict__")
            except Exception:  # noqa: BLE001 - no __dict__ (slots): no attributes shown
                attributes = {}
            if type(attributes) is not dict:
                attributes = {}
            total = len(attributes)
            for k, item in attributes.items():
                if len(entries) >= MAX_ITEMS or self.budget <= 0:
                    break
                if type(k) is str:
                    self.budget -= len(k)
                    entries.append([_short(k, 60), self.value(item, depth)])
            box = {"k": "object", "e": entries}
            name = _short(_type_name(kind), 60)
            shown = len(entries)
        else:
            items = []
            total = base.__len__(v)
            for item in base.__iter__(v):
                if len(items) >= MAX_ITEMS or self.budget <= 0:
                    break
                items.append(self.value(item, depth))
            box = {"k": base.__name__, "i": items}
            shown = len(items)
        if name is not None:
            box["c"] = name
        if total > shown:
            box["m"] = total - shown
        return box


def _base_container(kind):
    """list, tuple, dict, set or frozenset when `kind` is one or a subclass of one (a
    namedtuple…). Compared by identity: `in` would ask a metaclass's __eq__."""
    for base in _type_mro(kind):
        for container in _CONTAINERS:
            if base is container:
                return container
    return None


def _inherits(kind, base):
    """`base` is in kind's MRO, by identity (`in` would ask a metaclass's __eq__)."""
    for found in _type_mro(kind):
        if found is base:
            return True
    return False


def _is_student_object(kind):
    """An instance of a class the program itself defined (shown with its attributes); not a
    class (a metaclass's instance) nor an exception."""
    module = _type_module(kind)
    return (
        type(module) is str
        and module == "__main__"
        and not _inherits(kind, BaseException)
        and not _inherits(kind, type)
    )


def _exception_text(exc):
    """"ValueError: message" without running the program's code: a message only from plain
    arguments of a built-in exception."""
    kind = type(exc)
    name = _type_name(kind)
    if _type_module(kind) != "builtins":
        return name
    args = exc.args
    if type(args) is tuple and all(type(a) in (str, int, float) for a in args):
        try:
            text = BaseException.__str__(exc)
        except Exception:  # noqa: BLE001
            return name
        return f"{name}: {_short(text, 200)}" if text else name
    return name


class Tracer:
    """Records the steps of the program compiled as STUDENT_FILENAME while started."""

    def __init__(self, emit, max_steps=MAX_STEPS, max_chars=MAX_TOTAL_CHARS, use_monitoring=None):
        self.emit = emit
        self.max_steps = max_steps
        self.max_chars = max_chars
        self.steps = 0
        self.chars = 0
        self.limit = None
        self.parts = {}
        self.seen_exception = None
        self.unwinding = None
        if use_monitoring is None:
            use_monitoring = hasattr(sys, "monitoring")
        self.monitoring = use_monitoring

    # ---- starting and stopping ----
    def start(self):
        if self.monitoring:
            mon = sys.monitoring
            tool = mon.DEBUGGER_ID
            mon.use_tool_id(tool, "pyclass-visualiser")
            events = mon.events
            mon.register_callback(tool, events.LINE, self._on_line)
            mon.register_callback(tool, events.PY_RETURN, self._on_return)
            mon.register_callback(tool, events.RAISE, self._on_raise)
            mon.set_events(tool, events.LINE | events.PY_RETURN | events.RAISE)
        else:
            sys.settrace(self._on_call)

    def stop(self):
        if self.monitoring:
            mon = sys.monitoring
            try:
                mon.set_events(mon.DEBUGGER_ID, 0)
                mon.free_tool_id(mon.DEBUGGER_ID)
            except ValueError:
                pass
        else:
            sys.settrace(None)
        self.emit("e" + _dumps({"steps": self.steps, "limit": self.limit}))

    # ---- sys.settrace ----
    def _on_call(self, frame, event, arg):
        if frame.f_code.co_filename != STUDENT_FILENAME:
            return None
        return self._on_event

    def _on_event(self, frame, event, arg):
        if event == "line":
            self.unwinding = None
            code = frame.f_code
            # A class body starts on its `class` line under settrace only: the module's step there
            # already shows it (sys.monitoring has no such event).
            if frame.f_lineno == code.co_firstlineno and not code.co_flags & _CO_OPTIMIZED and code.co_name != "<module>":
                return self._on_event
            self.record(frame, "line")
        elif event == "return":
            if self.unwinding is not frame:  # not an exit by an exception
                self._returned(frame, arg)
        elif event == "exception":
            self.unwinding = frame
            self._raised(frame, arg[1])
        return self._on_event

    # ---- sys.monitoring (callbacks get the code; the frame is the caller's) ----
    def _on_line(self, code, line):
        if code.co_filename != STUDENT_FILENAME:
            return sys.monitoring.DISABLE
        self.record(sys._getframe(1), "line")
        return None

    def _on_return(self, code, offset, value):
        if code.co_filename != STUDENT_FILENAME:
            return sys.monitoring.DISABLE
        self._returned(sys._getframe(1), value)
        return None

    def _on_raise(self, code, offset, exc):
        if code.co_filename == STUDENT_FILENAME:
            self._raised(sys._getframe(1), exc)

    # ---- events ----
    def _returned(self, frame, value):
        code = frame.f_code
        if code.co_name == "<module>":
            self.record(frame, "end")
        elif code.co_flags & _CO_OPTIMIZED and not code.co_flags & _CO_GENERATOR_LIKE:
            self.record(frame, "return", value)

    def _raised(self, frame, exc):
        # An error passing through several of the program's frames is one step, where it began.
        kind = type(exc)
        if exc is self.seen_exception or any(_inherits(kind, k) for k in (StepLimitReached, TraceTooBig, KeyboardInterrupt)):
            return
        self.seen_exception = exc
        self.record(frame, "exception", note=_exception_text(exc))

    def record(self, frame, event, returned=None, note=None):
        if self.limit is not None or self.steps >= self.max_steps:
            self.limit = self.limit or "steps"
            raise (StepLimitReached if self.limit == "steps" else TraceTooBig)(self._limit_message())
        stack = []
        f = frame
        while f is not None:
            if f.f_code.co_filename == STUDENT_FILENAME:
                stack.append(f)
            f = f.f_back
        stack.reverse()
        hidden = 0
        if len(stack) > MAX_FRAMES:
            hidden = len(stack) - MAX_FRAMES
            stack = stack[:1] + stack[1 + hidden :]
        values = _Step()
        frames = [self._frame(values, f) for f in stack]
        if event == "return":
            values.budget = MAX_VALUE_CHARS
            frames[-1][1]["r"] = values.value(returned)
        # Parts first (a frame's variables, each box), then the step that refers to them.
        new = []
        step = {
            "l": frame.f_lineno,
            "e": event,
            "f": [dict(entry, v=self._part(names, new)) for names, entry in frames],
            "h": [self._part(box, new) for box in values.boxes],
            "d": _drawing_count(),
        }
        if note is not None:
            step["x"] = note
        if hidden:
            step["hf"] = hidden
        new.append("s" + _dumps(step))
        text = "\n".join(new)
        if self.chars + len(text) > self.max_chars:
            self.limit = "size"
            raise TraceTooBig(self._limit_message())
        self.chars += len(text)
        self.steps += 1
        self.emit(text)

    def _limit_message(self):
        if self.limit == "steps":
            return f"the visualiser stops a program after {self.max_steps:,} steps"
        return "the program's values were too big for the visualiser to record"

    @staticmethod
    def _frame(values, frame):
        """(the frame's variables as [name, value] pairs, its entry without them)."""
        code = frame.f_code
        module = code.co_name == "<module>"
        names = []
        hidden = 0
        for name, value in (frame.f_globals if module else frame.f_locals).items():
            if type(name) is not str or (name.startswith("__") and name.endswith("__")):
                continue
            if len(names) >= MAX_NAMES:
                hidden += 1
                continue
            values.budget = MAX_VALUE_CHARS
            names.append([_short(name, 60), values.value(value)])
        entry = {"n": "<module>" if module else _short(getattr(code, "co_qualname", code.co_name), 80)}
        entry["l"] = frame.f_lineno
        if hidden:
            entry["hv"] = hidden
        return names, entry

    def _part(self, value, new):
        """The number of `value`'s part, sending it first unless an earlier part was the same."""
        text = _dumps(value)
        found = self.parts.get(text)
        if found is None:
            found = self.parts[text] = len(self.parts)
            new.append("p" + text)
        return found


def _drawing_count():
    """How many commands the program's turtle has recorded (0 without turtle): the page shows
    that many of the drawing at this step."""
    module = sys.modules.get("turtle")
    if type(module) is not _module:
        return 0
    recording = _object_dict(module, "__dict__").get("_recording")
    if recording is None:
        return 0
    try:
        count = _object_dict(recording, "__dict__").get("count")
    except Exception:  # noqa: BLE001
        return 0
    return count if type(count) is int else 0


def start_on_device(path):
    """The browser's entry point: records to the trace device at `path` (a JSON line per write,
    read by the worker's trace-recorder.ts) until the returned function is called."""
    import os

    fd = os.open(path, os.O_WRONLY)

    def emit(text):
        data = (text + "\n").encode("utf-8")
        while data:
            data = data[os.write(fd, data) :]

    tracer = Tracer(emit)
    tracer.start()

    def finish():
        try:
            tracer.stop()
        finally:
            try:
                os.close(fd)
            except OSError:
                pass

    return finish
