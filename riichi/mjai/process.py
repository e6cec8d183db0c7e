"""An mjai bot as a separate process: one JSON array of events per line on its stdin, one
JSON object (its answer) per line on its stdout, as mjai.app runs its bots.

A bot that does not answer within ``timeout`` seconds is stopped (its late line would answer
the wrong question) and one that exits is noted; ``ask`` then returns None and the caller
plays a legal default. The next ``ask`` starts a fresh process: ``fresh`` tells the caller
to send it the whole game so far instead of only the new events.
"""

import json
import logging
import os
import selectors
import subprocess
import time

log = logging.getLogger("riichi.mjai")


class BotProcess:
    def __init__(self, argv, *, timeout=5.0, start_timeout=60.0, cwd=None, env=None, stderr=None,
                 max_starts=10):
        self.argv = list(argv)
        self.timeout = timeout
        # a bot's first answer may wait for it to load (a model, say)
        self.start_timeout = start_timeout
        self._answered = False
        self.cwd = cwd
        self.env = env
        self.stderr = stderr
        self.max_starts = max_starts
        self.starts = 0
        self._process = None
        self._buffer = b""

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def fresh(self) -> bool:
        """Whether the next ``ask`` goes to a process that has not been told anything yet."""
        return not self.running

    def ask(self, events: list) -> dict | None:
        """The bot's answer to a batch of events; None when it died, was late, gave up
        restarting or answered something that is not a JSON object (each logged)."""
        if not self.running and not self._start():
            return None
        self._drop_stray_lines()
        try:
            self._process.stdin.write((json.dumps(events, separators=(",", ":")) + "\n").encode())
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            log.warning("mjai bot %s died before it was asked", self.argv)
            self._stop()
            return None
        waiting = self.timeout if self._answered else self.start_timeout
        line = self._read_line(time.monotonic() + waiting, waiting)
        if line is None:
            return None
        self._answered = True
        try:
            answer = json.loads(line)
        except ValueError:
            log.warning("mjai bot %s answered with something not JSON: %r", self.argv, line[:200])
            return None
        if not isinstance(answer, dict):
            log.warning("mjai bot %s answered with something not an object: %r", self.argv, line[:200])
            return None
        return answer

    def close(self):
        if self._process is not None:
            try:
                self._process.stdin.close()
            except OSError:
                pass
            try:
                self._process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                pass
            self._stop()

    # --- the process ------------------------------------------------------------------

    def _start(self) -> bool:
        if self.starts >= self.max_starts:
            return False
        if self.starts:
            log.warning("mjai bot %s restarted (start %d)", self.argv, self.starts + 1)
        self.starts += 1
        self._buffer = b""
        self._answered = False
        self._process = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.stderr if self.stderr is not None else subprocess.DEVNULL,
            cwd=self.cwd, env=self.env)
        os.set_blocking(self._process.stdout.fileno(), False)
        return True

    def _stop(self):
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()
            except OSError:
                pass

    def _read_line(self, deadline, waiting) -> str | None:
        out = self._process.stdout
        with selectors.DefaultSelector() as selector:
            selector.register(out, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    log.warning("mjai bot %s did not answer within %.1f s; stopped", self.argv, waiting)
                    self._stop()
                    return None
                if not selector.select(left):
                    continue
                chunk = out.read()
                if chunk is None:
                    continue
                if not chunk:
                    log.warning("mjai bot %s exited (code %s)", self.argv, self._process.wait())
                    self._stop()
                    return None
                self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def _drop_stray_lines(self):
        """Lines the bot wrote beyond its one answer would be read as the next answer."""
        try:
            chunk = self._process.stdout.read()
        except OSError:
            chunk = None
        if chunk:
            self._buffer += chunk
        if self._buffer:
            log.warning("mjai bot %s wrote more than its answer: %r", self.argv, self._buffer[:200])
            self._buffer = b""
