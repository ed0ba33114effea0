"""Runs a batch of programs through harness.py's CPython mode (run_program), one interpreter for
the whole batch, for the exercise bank's check (check-bank.ts): each model solution must print
under CPython exactly what it prints in the server's Pyodide.

stdin:  JSON {"harness_dir": "...", "time_limit_s": 5, "runs": [{"code": "...", "input": "..."}]}
stdout: JSON list of run_program's answers, one per run, in order; a run with "drawing": true
        also gives the turtle's recorded commands (a drawing test's, decision 077).
"""

import json
import os
import signal
import sys


class TimeLimitExceeded(BaseException):
    """Raised by the timer; BaseException so a program's `except Exception` cannot swallow it."""


def _on_alarm(signum, frame):
    raise TimeLimitExceeded("the program ran for more than the time limit")


def main():
    job = json.load(sys.stdin)
    sys.path.insert(0, job["harness_dir"])
    import harness  # noqa: PLC0415 - its folder is only known from the job

    # The answer goes to a copy of fd 1; fd 1 itself goes to /dev/null, so a program that writes
    # to the descriptor directly cannot garble the JSON.
    answer = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)

    signal.signal(signal.SIGALRM, _on_alarm)
    limit = float(job.get("time_limit_s", 5))
    results = []
    for run in job["runs"]:
        try:
            signal.setitimer(signal.ITIMER_REAL, limit)
            try:
                result = harness.run_program(run["code"], run.get("input", ""))
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        except TimeLimitExceeded:
            result = {"transcript": "", "output": "", "error": "Error: TimeLimitExceeded", "drawing": []}
        answer_of_run = {"transcript": result["transcript"], "output": result["output"], "error": result["error"]}
        if run.get("drawing"):
            answer_of_run["drawing"] = result.get("drawing", [])
        results.append(answer_of_run)
    json.dump(results, answer)
    answer.close()


main()
