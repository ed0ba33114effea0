"""PyClass grading harness: runs one student program and returns what the console showed.

Plain Python with no Pyodide imports, so the same file runs inside Pyodide (browser worker and
server grader) and under CPython (its tests, and the reference transcripts). Comparison and
scoring live in TypeScript (compare.ts); this file only runs code and captures its console.

The transcript rule: the transcript is everything printed, each input() prompt, and each input
line echoed with a newline, exactly as a console shows it. Scripted input is consumed line by
line; once it runs out input() returns '' (echoed as an empty line, as if Enter was pressed).

Apart from the transcript (never part of what tests compare): warnings (compile time and run time,
"Warning (line N): message") and os.system("clear"), which empties the browser's console.
The program runs as CPython runs a file: in a real module installed as sys.modules["__main__"],
with sys.argv == ["main.py"], and as many recursion levels as `python3 main.py` gives it.

Modules the platform provides (turtle.py, beside this file): each run that imports one gets a
fresh copy, and what turtle records is drained as it is drawn (in batches, before each input()
and at the end of the run): into run_program's `drawing`, or as JSON lines to the drawing device.
"""

import builtins
import importlib.machinery
import io
import json
import operator
import os
import random
import _thread
import shutil
import _signal
import signal
import sys
import tempfile
import types
import warnings

STUDENT_FILENAME = "<main>"
OUTPUT_LIMIT_LINE = "[output limit reached]"
DEFAULT_MAX_OUTPUT = 1_000_000
# Deep recursion past this overflows the JavaScript stack in Pyodide and can leave the
# interpreter broken, so student code may lower the limit but never raise it beyond this. It is
# the limit the program sees: the harness's own few frames below it are added on top (as if the
# program were run as a file, where its module is the first frame).
MAX_RECURSION_LIMIT = 1000
# Warnings are shown apart from the output; at most this many per run, each cut to this length.
MAX_WARNINGS = 20
MAX_WARNING_CHARS = 500
# os.system of anything but "clear"/"cls": the wait status of a shell that has no such command
# (exit status 127, as os.waitstatus_to_exitcode(32512) says). Nothing runs, nothing is printed.
SYSTEM_NOT_FOUND = 127 << 8
# The device a Pyodide worker records the turtle's drawing from (pyodide-console.mjs): one JSON
# list of commands per line.
DRAWING_DEVICE = "/dev/pyclass-drawing"
# Reseeds the random module's shared generator from os.urandom. Taken now, so a program that
# replaced random.seed (or random._inst) in an earlier test of its job cannot skip it.
_RESEED_RANDOM = random.seed


class OutputLimitReached(BaseException):
    """Raised on the write that crosses the output cap. BaseException so that a student's
    `except Exception` cannot swallow it."""


class InputNeeded(BaseException):
    """Raised when input runs out in 're-run' mode (browser without SharedArrayBuffer): the
    page asks the user for one more line and runs the program again with it."""

    def __init__(self, prompt):
        super().__init__(prompt)
        self.prompt = prompt


def split_input(text):
    """Test input is lines separated by newlines; a final newline does not add an empty line."""
    if not text:
        return []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


class _Console:
    """Collects the transcript (what the console shows) and the output (printed text only,
    without prompts and echoed input), with one cap on the transcript's size."""

    def __init__(self, max_output, on_output):
        self.transcript = []
        self.output = []
        self.warnings = []
        self.size = 0
        self.max_output = max_output
        self.on_output = on_output
        self.limited = False

    def warn(self, line):
        if len(self.warnings) < MAX_WARNINGS and line not in self.warnings:
            self.warnings.append(line)

    def clear(self):
        """os.system("clear"): only the browser's console empties; the transcript keeps it all."""

    def add(self, text, printed, fd=1):
        if not text:
            return
        if self.limited:
            raise OutputLimitReached()
        room = self.max_output - self.size
        if len(text) > room:
            text = text[:room]
            self.limited = True
        self.size += len(text)
        self.transcript.append(text)
        if printed:
            self.output.append(text)
        if self.on_output is not None and text:
            self.on_output(text)
        if self.limited:
            raise OutputLimitReached()

    def flush(self):
        pass


def _write_fd(fd, text):
    data = text.encode("utf-8", "replace")
    while data:
        data = data[os.write(fd, data) :]


class _HostConsole:
    """The server's console: nothing is kept here. Printed text goes to file descriptor 1 (2 for
    stderr), console-only text (prompts, the echo of input past its end) to `console_fd`,
    warnings (one line each) to `warnings_fd`, and os.system("clear") writes to `clear_fd`; the
    host records and caps what arrives there. Standard output is a buffered C text stream (print
    stays as fast as collecting in Python); a prompt, input, stderr, a clear and the end of the run
    flush it first, so the order is kept."""

    limited = False

    def __init__(self, console_fd, stream=False, warnings_fd=None, clear_fd=None):
        self._console_fd = console_fd
        self._warnings_fd = warnings_fd
        self._clear_fd = clear_fd
        self._warned = set()
        if stream:
            # The browser: each write reaches the page as it is printed (as `python -u`).
            self.stdout = io.TextIOWrapper(
                io.FileIO(1, "w", closefd=False),
                encoding="utf-8",
                errors="replace",
                write_through=True,
            )
        else:
            self.stdout = io.TextIOWrapper(
                io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
                encoding="utf-8",
                errors="replace",
            )

    def flush(self):
        self.stdout.flush()

    def add(self, text, printed, fd=1):
        if not text:
            return
        if printed and fd == 1:
            self.stdout.write(text)
            return
        self.stdout.flush()
        _write_fd(fd if printed else self._console_fd, text)

    def warn(self, line):
        if self._warnings_fd is None or line in self._warned or len(self._warned) >= MAX_WARNINGS:
            return
        self._warned.add(line)
        try:
            _write_fd(self._warnings_fd, line + "\n")
        except OSError:
            pass  # the program closed the descriptor: the warning is lost, the run goes on

    def clear(self):
        self.stdout.flush()
        if self._clear_fd is None:
            return
        try:
            _write_fd(self._clear_fd, "\f")
        except OSError:
            pass


class _Writer(io.TextIOBase):
    """sys.stdout / sys.stderr replacement writing into the console."""

    def __init__(self, console, name, fd=1):
        super().__init__()
        self._console = console
        self._name = name
        self._fd = fd

    @property
    def name(self):
        return self._name

    @property
    def encoding(self):
        return "utf-8"

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if self._fd == 1:
            self._console.add(s, True)
        else:
            self._console.add(s, True, self._fd)
        return len(s)

    def flush(self):
        self._console.flush()


class _Input:
    """input() and sys.stdin for one run. Lines come from a script (tests), from read_line
    (interactive: the browser blocks on a SharedArrayBuffer until the user answers), or from a
    script that raises InputNeeded when it runs out (re-run mode)."""

    def __init__(self, console, lines, read_line, need_more, from_fd=False):
        self._console = console
        self._lines = list(lines or [])
        self._read_line = read_line
        self._need_more = need_more
        # Server: lines come from descriptor 0, one per read, and the host echoes them.
        self._from_fd = from_fd

    def _read_fd_line(self):
        """One line from descriptor 0 (with its newline), or None at the end of the input."""
        self._console.flush()
        data = b""
        while not data.endswith(b"\n"):
            chunk = os.read(0, 65536)
            if not chunk:
                break
            data += chunk
        return data.decode("utf-8", "replace") if data else None

    def _next(self, prompt):
        if self._lines:
            return self._lines.pop(0)
        if self._read_line is not None:
            try:
                line = self._read_line(prompt)
            except Exception as exc:
                # read_line raises when the user pressed Stop while the program waited.
                raise KeyboardInterrupt() from exc
            return "" if line is None else str(line)
        if self._need_more:
            raise InputNeeded(prompt)
        return ""

    def input(self, prompt=""):
        prompt = str(prompt)
        self._console.add(prompt, False)
        if self._from_fd:
            line = self._read_fd_line()
            if line is None:
                self._console.add("\n", False)
                return ""
            return line.replace("\r", "").split("\n")[0]
        line = self._next(prompt).replace("\r", "").split("\n")[0]
        self._console.add(line + "\n", False)
        return line

    # sys.stdin replacement: reading a line behaves like input() without a prompt.
    def readline(self, size=-1):
        if self._from_fd:
            return self._read_fd_line() or ""
        if not self._lines and self._read_line is None and not self._need_more:
            return ""
        line = self._next("")
        self._console.add(line + "\n", False)
        return line + "\n"

    def read(self, size=-1):
        parts = []
        if self._from_fd:
            while True:
                line = self.readline()
                if not line:
                    break
                parts.append(line)
            return "".join(parts)
        while self._lines:
            parts.append(self.readline())
        return "".join(parts)

    def readlines(self):
        return self.read().splitlines(keepends=True)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def isatty(self):
        return False

    def readable(self):
        return True

    def fileno(self):
        raise io.UnsupportedOperation("fileno")

    def close(self):
        pass

    @property
    def encoding(self):
        return "utf-8"


def _student_line(exc):
    """Line number of the innermost frame of the student's code, or None."""
    if isinstance(exc, SyntaxError) and exc.filename == STUDENT_FILENAME:
        return exc.lineno
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == STUDENT_FILENAME:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _message(exc):
    if isinstance(exc, SyntaxError):
        return exc.msg or ""
    # Spec: a missing file reads 'File not found: {name}'. Errno numbers differ between
    # Pyodide (44) and CPython (2), so the raw message would also differ between them.
    if isinstance(exc, FileNotFoundError) and exc.filename is not None:
        return f"File not found: {exc.filename}"
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        return f"File not found: {exc.name} (only Python's standard modules can be imported here)"
    try:
        return str(exc)
    except BaseException:
        return ""


def format_error(exc):
    """'Error: <Type>: <message> (line N)'; the message or line part is left out when empty."""
    text = "Error: " + type(exc).__name__
    message = _message(exc)
    if message:
        text += ": " + message
    line = _student_line(exc)
    if line is not None:
        text += f" (line {line})"
    return text, line


def _frames_below():
    """How many Python frames the caller's caller stands on, itself included: the harness's frames
    under the program's module frame (which is the first frame when CPython runs a file)."""
    depth = 0
    frame = sys._getframe(1)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


def _recursion_limit_view(original_set, original_get, offset):
    """sys.setrecursionlimit / sys.getrecursionlimit as the program sees them: the harness's
    `offset` frames are added to what it asks for (clamped to MAX_RECURSION_LIMIT) and taken
    off what it reads back."""

    def setrecursionlimit(limit):
        limit = operator.index(limit)
        if limit < 1:
            raise ValueError("recursion limit must be greater or equal than 1")
        original_set(min(limit, MAX_RECURSION_LIMIT) + offset)

    def getrecursionlimit():
        return original_get() - offset

    return setrecursionlimit, getrecursionlimit


def _is_clear(command):
    """"clear" or "cls", any case and spacing, or both joined by || (the usual portable idiom)."""
    parts = command.lower().split("||")
    return all(part.strip() in ("clear", "cls") for part in parts)


def _system_for(console):
    """os.system for a run: nothing is ever started. "clear"/"cls" empty the console (the browser's;
    the transcript that tests compare keeps everything) and return 0; any other command returns
    the status of a shell that has no such command (SYSTEM_NOT_FOUND), as CPython does without
    raising."""

    def system(command):
        command = os.fspath(command)
        if isinstance(command, bytes):
            command = command.decode("utf-8", "replace")
        if _is_clear(command):
            console.clear()
            return 0
        return SYSTEM_NOT_FOUND

    return system


def _warning_line(message, filename, lineno):
    """'Warning (line N): message' for the program's own lines, 'Warning: message' otherwise."""
    try:
        text = str(message)
    except BaseException:  # noqa: BLE001 - a warning class whose str() fails still shows
        text = type(message).__name__
    text = " ".join(text.splitlines()).strip() or type(message).__name__
    where = f" (line {lineno})" if filename == STUDENT_FILENAME and isinstance(lineno, int) else ""
    return f"Warning{where}: {text}"[:MAX_WARNING_CHARS]


def _showwarning_for(console, original):
    """warnings.showwarning for a run: into the console's warnings, never into the output. A
    warning sent to a file of the program's choosing (file=...) goes there, as in CPython."""

    def showwarning(message, category, filename, lineno, file=None, line=None):
        if file is not None:
            return original(message, category, filename, lineno, file, line)
        console.warn(_warning_line(message, filename, lineno))

    return showwarning


# Modules the platform provides, compiled once (provide_module): a fresh module for each run.
_PROVIDED = {}


def provide_module(name, source, filename=None):
    """Makes `import name` give a fresh module of `source` in every run (turtle.py). Called by
    the hosts once, before any program runs; under CPython for the files beside this one."""
    _PROVIDED[name] = compile(source, filename or name + ".py", "exec")


def _provide_modules_beside():
    here = globals().get("__file__")
    if not here:
        return  # Pyodide: the host calls provide_module itself
    path = os.path.join(os.path.dirname(os.path.abspath(here)), "turtle.py")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            provide_module("turtle", file.read(), path)


class _Drawing:
    """Where the turtle's recorded commands go during one run: a list (run_program), or JSON
    lines written to the drawing device (run_on_host). `live`: the browser, which animates as
    the program draws, so every animated step is sent at once."""

    def __init__(self, to_device=False, live=False):
        self.commands = []
        self.live = live
        self._to_device = to_device
        self._fd = None
        self._flushers = []

    def take(self, batch):
        if not self._to_device:
            self.commands.extend(batch)
            return
        if self._fd is None:
            self._fd = os.open(DRAWING_DEVICE, os.O_WRONLY)
        _write_fd(self._fd, json.dumps(batch, separators=(",", ":")) + "\n")

    def flush(self):
        """Sends what the program's turtle has recorded but not sent yet."""
        for flush in self._flushers:
            try:
                flush()
            except Exception:  # noqa: BLE001 - a module the program broke draws no more
                pass

    def close(self):
        self.flush()
        self._flushers = []
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None


class _ProvidedModules:
    """The import system's finder and loader for _PROVIDED, during one run."""

    def __init__(self, drawing):
        self._drawing = drawing

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _PROVIDED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, origin=_PROVIDED[fullname].co_filename)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(_PROVIDED[module.__name__], module.__dict__)
        attach = module.__dict__.get("_attach")
        flush = module.__dict__.get("_flush")
        if callable(attach) and callable(flush):
            attach(self._drawing.take, self._drawing.live)
            self._drawing._flushers.append(flush)


# The real functions, for the harness's own use while a program runs with the views below. The
# views replace _signal's (the C module's) functions: signal.signal and signal.getsignal call them,
# and so does a program that imports _signal itself.
_RAW_SIGNAL = _signal.signal
_RAW_GETSIGNAL = _signal.getsignal
_REAL_SETTRACE = sys.settrace


def _stopped_trace(frame, event, arg):
    """Once the program is stopped, every line it would run is interrupted again. Not by raising
    here: an exception in a trace function switches tracing off. The interrupt is signalled
    instead, and the handler (_stop_the_program) raises it in the program's frame."""
    if event in ("line", "call") and frame.f_code.co_filename == STUDENT_FILENAME:
        _thread.interrupt_main()
    return _stopped_trace


def _stop_the_program(signum, frame):
    """The SIGINT handler while a program runs (a time limit, a slice, Stop). A program that catches
    the interrupt (`except BaseException`) and goes on would otherwise keep its worker until the
    host kills it - a new interpreter for every such test, many seconds of CPU under a flood of
    them (issue 17). So besides raising, it traces the program: from now on each line of the
    student's code, in the frames running now and in any it calls, raises again, and the
    interrupt reaches the harness within a line or two, however often it is caught."""
    _STOPPED[0] = True
    _REAL_SETTRACE(_stopped_trace)
    while frame is not None:
        if frame.f_code.co_filename == STUDENT_FILENAME:
            frame.f_trace = _stopped_trace
            frame.f_trace_lines = True
        frame = frame.f_back
    raise KeyboardInterrupt


# Set by _stop_the_program, cleared when a run starts: the program has been stopped.
_STOPPED = [False]


def _signal_view():
    """signal.signal and signal.getsignal as the program sees them. A SIGINT handler it installs
    (or SIG_IGN) is remembered and given back, never installed: SIGINT is how a time limit, a
    slice or Stop ends the program, so ignoring it or handling it and going on would keep the
    worker until the host kills it. Other signals are the real functions'. This stops a program
    doing so by habit or by a first attempt; one set on reaching the C function some other way
    still costs only what it did before, its worker killed at each stop (decision 049)."""
    theirs = [signal.default_int_handler]

    def signal_(signalnum, handler):
        if signalnum != signal.SIGINT:
            return _RAW_SIGNAL(signalnum, handler)
        if not (callable(handler) or handler in (signal.SIG_IGN, signal.SIG_DFL)):
            raise TypeError("signal handler must be signal.SIG_IGN, signal.SIG_DFL, or a callable object")
        previous, theirs[0] = theirs[0], handler
        return previous

    def getsignal(signalnum):
        return theirs[0] if signalnum == signal.SIGINT else _RAW_GETSIGNAL(signalnum)

    return signal_, getsignal


def _settrace_view(fn):
    """sys.settrace as the program sees it: once the program is stopped, its calls change nothing
    (switching the harness's trace off in an `except` would let it run on until its worker is
    killed). Before that, a program may trace itself as under CPython."""
    if not _STOPPED[0]:
        _REAL_SETTRACE(fn)


def _input_after_drawing(read, drawing):
    """input(): what was drawn so far is shown before the program waits for an answer."""

    def input(prompt=""):  # noqa: A001 - it is input()
        drawing.flush()
        return read(prompt)

    return input


def _execute(code, console, stdin, stdout, stderr, fresh_dir, drawing=None):
    """Runs `code` as CPython runs a file: in a new module installed as sys.modules["__main__"],
    with the console and input wired in, and restores the interpreter afterwards (the module's
    namespace is emptied). Returns (error, error_type, line, prompt)."""
    saved = {
        "stdout": sys.stdout,
        "stderr": sys.stderr,
        "stdin": sys.stdin,
        "__stdout__": sys.__stdout__,
        "__stderr__": sys.__stderr__,
        "__stdin__": sys.__stdin__,
        "argv": sys.argv,
    }
    saved_input = builtins.input
    saved_setrecursionlimit = sys.setrecursionlimit
    saved_getrecursionlimit = sys.getrecursionlimit
    saved_limit = sys.getrecursionlimit()
    saved_system = os.system
    posix = sys.modules.get(os.name)
    saved_posix_system = getattr(posix, "system", None)
    saved_main = sys.modules.get("__main__")
    saved_cwd = os.getcwd()
    work_dir = None
    # The program's module frame stands on these; CPython running a file puts nothing below it.
    offset = _frames_below()
    drawing = drawing if drawing is not None else _Drawing()
    finder = _ProvidedModules(drawing)
    saved_meta_path = list(sys.meta_path)
    try:
        saved_sigint = _RAW_SIGNAL(signal.SIGINT, _stop_the_program)
    except (ValueError, OSError):  # not the main thread (a test harness): plain interrupts
        saved_sigint = None
    _STOPPED[0] = False

    error = None
    error_type = None
    line = None
    prompt = None
    try:
        if fresh_dir:
            work_dir = tempfile.mkdtemp(prefix="run-")
            os.chdir(work_dir)
        saved_setrecursionlimit(min(saved_limit, MAX_RECURSION_LIMIT) + offset)
        sys.setrecursionlimit, sys.getrecursionlimit = _recursion_limit_view(
            saved_setrecursionlimit, saved_getrecursionlimit, offset
        )
        os.system = _system_for(console)
        if saved_posix_system is not None:
            posix.system = os.system
        builtins.input = _input_after_drawing(stdin.input, drawing)
        for name in _PROVIDED:
            sys.modules.pop(name, None)
        sys.meta_path.insert(0, finder)
        sys.stdout = sys.__stdout__ = stdout
        sys.stderr = sys.__stderr__ = stderr
        sys.stdin = sys.__stdin__ = stdin
        sys.argv = ["main.py"]
        if saved_sigint is not None:
            _signal.signal, _signal.getsignal = _signal_view()
        sys.settrace = _settrace_view
        module = types.ModuleType("__main__")
        namespace = module.__dict__
        namespace.update({"__builtins__": builtins, "__file__": "main.py"})
        sys.modules["__main__"] = module
        try:
            with warnings.catch_warnings():
                warnings.showwarning = _showwarning_for(console, warnings.showwarning)
                # Compile-time warnings name the file, not __main__: shown as CPython 3.12+ shows
                # them (an invalid escape is a DeprecationWarning before 3.12, hidden by default).
                warnings.filterwarnings("default", category=DeprecationWarning, module=STUDENT_FILENAME)
                compiled = compile(code, STUDENT_FILENAME, "exec")
                exec(compiled, namespace)
        except SystemExit as exc:
            # exit("message") prints the message, as CPython does; a number prints nothing.
            if exc.code is not None and not isinstance(exc.code, int):
                stderr.write(str(exc.code) + "\n")
        finally:
            drawing.close()
            namespace.clear()
    except OutputLimitReached:
        error_type = "OutputLimit"
        error = OUTPUT_LIMIT_LINE
    except InputNeeded as exc:
        error_type = "InputNeeded"
        prompt = exc.prompt
    except BaseException as exc:  # noqa: BLE001 - every failure becomes part of the result
        error_type = type(exc).__name__
        try:
            error, line = format_error(exc)
        except BaseException:
            error = "Error: " + error_type
    finally:
        sys.settrace = _REAL_SETTRACE
        _REAL_SETTRACE(None)
        _signal.signal, _signal.getsignal = _RAW_SIGNAL, _RAW_GETSIGNAL
        if saved_sigint is not None:
            _RAW_SIGNAL(signal.SIGINT, saved_sigint)
        for name, value in saved.items():
            setattr(sys, name, value)
        builtins.input = saved_input
        sys.setrecursionlimit = saved_setrecursionlimit
        sys.getrecursionlimit = saved_getrecursionlimit
        saved_setrecursionlimit(saved_limit)
        os.system = saved_system
        if saved_posix_system is not None:
            posix.system = saved_posix_system
        drawing.close()
        sys.meta_path[:] = saved_meta_path
        for name in _PROVIDED:
            sys.modules.pop(name, None)
        if saved_main is not None:
            sys.modules["__main__"] = saved_main
        else:
            sys.modules.pop("__main__", None)
        if work_dir is not None:
            try:
                os.chdir(saved_cwd)
                shutil.rmtree(work_dir, ignore_errors=True)
            except BaseException:
                pass
    return error, error_type, line, prompt


def run_program(
    code,
    input_text="",
    *,
    read_line=None,
    need_more=False,
    on_output=None,
    max_output=DEFAULT_MAX_OUTPUT,
    fresh_dir=True,
):
    """Run `code` as __main__ in a fresh namespace. Returns a dict:
    transcript   console text (prints, prompts, echoes, then the error line if any)
    output       the same without prompts and echoes
    error        'Error: ...' line, '[output limit reached]', or None
    error_type   exception class name, 'OutputLimit', 'InputNeeded' or None
    line         line of the student's code the error happened on, or None
    prompt       the prompt that was waiting, in re-run mode (error_type 'InputNeeded')
    warnings     'Warning (line N): message' lines, apart from the transcript (at most
                 MAX_WARNINGS, each once)
    drawing      the turtle's recorded commands (see turtle.py), [] when it drew nothing
    """
    console = _Console(max_output, on_output)
    stdin = _Input(console, split_input(input_text), read_line, need_more)
    stdout = _Writer(console, "<stdout>")
    stderr = _Writer(console, "<stderr>")
    drawing = _Drawing()
    error, error_type, line, prompt = _execute(code, console, stdin, stdout, stderr, fresh_dir, drawing)

    if console.limited and error_type != "OutputLimit":
        # The student's code caught OutputLimitReached and went on: the cap still failed it.
        error_type = "OutputLimit"
        error = OUTPUT_LIMIT_LINE
        line = None
    transcript = "".join(console.transcript)
    output = "".join(console.output)
    if error is not None:
        transcript = _append_line(transcript, error)
        output = _append_line(output, error)
    return {
        "transcript": transcript,
        "output": output,
        "error": error,
        "error_type": error_type,
        "line": line,
        "prompt": prompt,
        "warnings": list(console.warnings),
        "drawing": drawing.commands,
    }


def run_on_host(code, console_fd, fresh_dir=True, stream=False, warnings_fd=None, clear_fd=None):
    """The entry point of both Pyodide workers (server grader and browser; see
    pyodide-console.mjs). Runs `code` like run_program, but keeps no console: printed text goes
    to descriptors 1/2, prompts to `console_fd`, warnings (a line each) to `warnings_fd`, a
    clear of the console to `clear_fd`, the turtle's drawing to DRAWING_DEVICE, and input lines
    come from descriptor 0; the worker records (and caps) all of it outside Python. `stream` leaves stdout unbuffered (the
    browser shows output as it is printed). Returns the error line (the same 'Error: ...' text
    run_program would append), or None. The host treats the answer as a claim by the program -
    it only ever fails the program's own test - and checks its type and size."""
    # Every interpreter starts from one memory snapshot (server and browser), so `random` would
    # start in the snapshot's state: the same "random" numbers for every run, student and host.
    # CPython seeds each process from os.urandom; each run here is such a process.
    _RESEED_RANDOM()
    console = _HostConsole(console_fd, stream, warnings_fd, clear_fd)
    stdin = _Input(console, None, None, False, from_fd=True)
    stdout = console.stdout
    stderr = _Writer(console, "<stderr>", 2)
    drawing = _Drawing(to_device=True, live=stream)
    error, _error_type, _line, _prompt = _execute(code, console, stdin, stdout, stderr, fresh_dir, drawing)
    try:
        console.flush()
    except BaseException:  # noqa: BLE001 - refused by the host (cap, time limit): already recorded
        pass
    return error


def _append_line(text, line):
    if text and not text.endswith("\n"):
        text += "\n"
    return text + line


_provide_modules_beside()
