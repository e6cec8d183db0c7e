"""Load generator: real sessions, real websockets, real frames, scripted players.

    bench/load/stack.sh start 2
    .venv/bin/python bench/load/run.py --tables 50 --ports 8101,8102 --duration 60
    bench/load/stack.sh stop

Players and tables come from bench/load/setup_tables.py (the product's services). Each
player logs in over HTTP (GET the login page for the CSRF cookie, POST the credentials, keep
`sessionid`) with --login http, or gets a session row written by the setup script with
--login direct (the same cookie, minus a PBKDF2 per player). Player i of every table talks
to port i mod N, the spectator (anonymous) to port t mod N (with --crowd-tables K the first K
tables have --crowd spectators each, spread from that port on). Once connected, every player
presses Ready and then plays as a person does in the page, where choosing cards sends nothing:
Grand Tichu "no call", the exchange (its three lowest cards placed in the slots, one frame on
Confirm), and on its turn the lowest card it holds as a single if the page's legal moves
(#t-pick data-moves) let Play it, else Pass; Mahjong with no wish; the Dragon to the first
opponent.

Move latency: a play / pass / gift frame sent -> every seat's socket has a full refresh with
a newer `version` (#t-version; a refresh leaves out a hand that shows what the page already
has) AND every spectator has one whose public state
(turn, counts, passes, plays on the table) differs from the state the move was chosen on.
"""

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path

import psutil
import websockets
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fragments import error_text, is_full, parse_hand, parse_public, version_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
STACK = ROOT / "bench" / "load" / "stack.sh"
GAME_CMDS = {"play", "pass", "grand", "gift", "exchange_confirm", "ready"}
MEASURED = {"play", "pass", "gift"}
MEASURE_TIMEOUT = 10.0
TRACE = bool(os.environ.get("LOAD_TRACE"))


def log(message):
    print(f"[{time.strftime('%H:%M:%S')} gen {os.getpid()}] {message}", file=sys.stderr, flush=True)


# --- the scripted browser ---------------------------------------------------------------

class Stats:
    def __init__(self):
        self.latencies = []        # seconds, measured moves completed inside the window
        self.by_cmd = {}           # accepted game frames inside the window, per cmd
        self.errors = {}           # kind -> count
        self.error_samples = []
        self.frames_in = 0
        self.bytes_in = 0
        self.measuring = False
        self.started_tables = 0
        self.hands_finished = 0
        self.reconnects = 0

    def error(self, kind, sample=""):
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if sample and len(self.error_samples) < 20:
            self.error_samples.append(f"{kind}: {sample}"[:200])


class Socket:
    def __init__(self, table, index, url, cookie, origin):
        self.table, self.index, self.url, self.cookie, self.origin = table, index, url, cookie, origin
        self.ws = None
        self.hand = None
        self.public = None
        self.version = None        # the table version the page shows (#t-version)
        self.seq = 0               # screens received (full refreshes and redrawn hands)

    async def open(self):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.ws = await connect(self.url, origin=self.origin, additional_headers=headers,
                                open_timeout=60, max_size=2**22, ping_interval=None)

    async def listen(self):
        """Read frames; a socket the server closes is reopened after a moment, as htmx's ws
        extension does (each close is counted as an error)."""
        stats = self.table.stats
        for _ in range(50):
            try:
                async for frame in self.ws:
                    stats.frames_in += 1
                    stats.bytes_in += len(frame)
                    self.on_frame(frame)
                return
            except websockets.ConnectionClosed as closed:
                if self.table.closing:
                    return
                code = closed.rcvd.code if closed.rcvd else None
                stats.error(f"socket_closed_{code}", f"{self.url} {closed}")
            except Exception as exc:  # noqa: BLE001
                stats.error("socket_error", repr(exc))
            await asyncio.sleep(0.5)
            if self.table.closing:
                return
            self.reset()
            try:
                await self.open()
                stats.reconnects += 1
            except Exception as exc:  # noqa: BLE001
                stats.error("reconnect_failed", repr(exc))
                return

    def reset(self):
        pass

    def on_frame(self, frame):
        hand = parse_hand(frame)
        if hand is not None:
            self.seq += 1
            self.hand = hand
        version = version_of(frame)
        if version is not None:
            self.version = version
        if is_full(frame):
            if hand is None:
                self.seq += 1  # the hand shows what it showed, the table around it moved on
            self.public = parse_public(frame)
            self.table.on_full(self)
        err = error_text(frame)
        if err is not None:
            self.on_reply(err)
        self.after_frame()

    def on_reply(self, err):
        pass

    def after_frame(self):
        pass


class Player(Socket):
    def __init__(self, *args, seat):
        super().__init__(*args)
        self.seat = seat
        self.awaiting = None       # the game cmd sent, until its reply
        self.decided_seq = -1

    def reset(self):
        self.awaiting = None
        self.decided_seq = -1

    async def send(self, fields):
        try:
            await self.ws.send(json.dumps(fields))
        except websockets.ConnectionClosed:
            return

    def fire(self, fields, think=False, taps=0):
        """Send an action after a person's pause: `think` for a decision, a click otherwise,
        and a click for each tap before it (a card chosen, a slot filled: none sends a frame)."""
        if TRACE and self.table.index == 0:
            log(f"seat {self.seat} fires {fields} (seq {self.seq})")
        self.decided_seq = self.seq
        mean = (self.table.think if think else self.table.click) + taps * self.table.click
        delay = random.uniform(0.5 * mean, 1.5 * mean) if mean > 0 else 0.0
        self.awaiting = fields["cmd"]
        asyncio.ensure_future(self._fire_later(fields, delay))

    async def _fire_later(self, fields, delay):
        if delay:
            await asyncio.sleep(delay)
        if self.table.closing:
            return
        if fields["cmd"] in MEASURED and self.public is not None:
            self.table.start_measure(self, fields.get("version"))
        await self.send(fields)

    def on_reply(self, err):
        if self.awaiting:
            cmd = self.awaiting
            self.awaiting = None
            # Refreshes that were already on their way when the frame went out show the state
            # before it: decide again only on one that comes after this reply.
            self.decided_seq = self.seq
            stats = self.table.stats
            if err:
                stats.error("refused", f"{cmd}: {err}")
                self.table.drop_measure(self)
            elif stats.measuring:
                stats.by_cmd[cmd] = stats.by_cmd.get(cmd, 0) + 1
        elif err:
            self.table.stats.error("error_fragment", err)

    def after_frame(self):
        if self.awaiting is None and self.seq > self.decided_seq and self.table.playing:
            self.decide()

    def decide(self):
        hand, public = self.hand, self.public
        if hand is None or public is None:
            return
        if public.needs_ready:
            # A page that shows this player "Ready" (a reconnected page of a waiting table
            # too) gets it pressed, as a person would.
            self.fire({"cmd": "ready", "ready": "1"})
            return
        if hand.forms_for("grand"):
            self.fire({"cmd": "grand", "call": "0"}, think=True)
            return
        confirm = hand.forms_for("exchange_confirm")
        if confirm:
            # The lowest cards, one tapped and then its slot, for each slot; then Confirm.
            slots = [name for name in confirm[0].fields if name.startswith("give_")]
            gives = dict(zip(slots, reversed(hand.cards)))
            self.fire({"cmd": "exchange_confirm", **gives}, think=True, taps=2 * len(slots))
            return
        gifts = hand.forms_for("gift")
        if gifts:
            form = gifts[0]
            self.fire({"cmd": "gift", "to": form.fields["to"], "version": self.version}, think=True)
            return
        if public.turn != self.seat:
            return
        # The lowest card the page lets Play as a single (the Mahjong with no wish), else Pass,
        # else (a lead the wish binds) the smallest legal set.
        plays = {key: names for key, names in hand.moves.get("sets", {}).items() if {"play", "wish"} & set(names)}
        card = next((c for c in reversed(hand.cards) if c in plays), None)
        passing = hand.enabled("pass")
        if card is not None:
            self.fire({"cmd": "play", "cards": [card], "version": self.version}, think=True, taps=1)
        elif passing is not None:
            self.fire({"cmd": "pass", "version": self.version}, think=True)
        elif plays:
            cards = min(plays, key=lambda key: len(key.split())).split()
            self.fire({"cmd": "play", "cards": cards, "version": self.version}, think=True, taps=len(cards))


class TableRun:
    def __init__(self, spec, ports, stats, host, think=0.0, click=0.0):
        self.id = spec["id"]
        self.index = spec["index"]
        self.think, self.click = think, click
        self.stats = stats
        self.closing = False
        self.playing = False
        self.pending = []          # [t0, version, signature, sender, set(done)]
        n = len(ports)
        base = f"ws://{host}:{{port}}/ws/table/{self.id}/{spec['invite']}/"
        self.players = []
        for i, player in enumerate(spec["players"]):
            port = ports[i % n]
            self.players.append(Player(self, i, base.format(port=port), f"sessionid={player['sessionid']}",
                                       f"http://{host}:{port}", seat=player["seat"]))
        # Anonymous spectators: one a table, or a crowd at the first --crowd-tables tables,
        # spread over the ports from the table's own.
        self.spectators = []
        for k in range(spec.get("watchers", 1)):
            port = ports[(spec["index"] + k) % n]
            self.spectators.append(Socket(self, len(self.players) + k, base.format(port=port), "",
                                          f"http://{host}:{port}"))
        self.sockets = self.players + self.spectators

    def start_measure(self, sender, version):
        if not self.stats.measuring:
            return
        try:
            version = int(version)
        except (TypeError, ValueError):
            return
        self.pending.append([time.perf_counter(), version, sender.public.signature, sender, set()])

    def drop_measure(self, sender):
        self.pending = [p for p in self.pending if p[3] is not sender]

    def on_full(self, sock):
        if not self.pending:
            return
        now = time.perf_counter()
        keep = []
        for entry in self.pending:
            t0, version, signature, sender, done = entry
            if sock.index not in done:
                if sock in self.spectators:
                    moved = sock.public is not None and sock.public.signature != signature
                else:
                    v = sock.version
                    moved = (v is not None and v > version) or (
                        v is None and sock.public is not None and sock.public.signature != signature)
                if moved:
                    done.add(sock.index)
            if len(done) == len(self.sockets):
                if self.stats.measuring:
                    self.stats.latencies.append(now - t0)
            elif now - t0 > MEASURE_TIMEOUT:
                self.stats.error("move_not_seen_in_10s")
            else:
                keep.append(entry)
        self.pending = keep


async def run_tables(specs, ports, host, duration, ramp_rate, barrier, stats, think, click, in_flight,
                     stagger=0.0, warmup=0.0):
    tables = [TableRun(spec, ports, stats, host, think, click) for spec in specs]
    # Connect at a bounded rate; a browser fleet does not open 2,500 sockets in one instant.
    sockets = [s for t in tables for s in t.sockets]
    delay = 1.0 / ramp_rate if ramp_rate > 0 else 0

    gate = asyncio.Semaphore(in_flight)

    async def open_one(sock):
        for attempt in range(6):   # a page whose socket fails retries, as htmx does
            async with gate:
                try:
                    await sock.open()
                    return True
                except Exception as exc:  # noqa: BLE001
                    stats.error("connect_failed", repr(exc))
            await asyncio.sleep(1 + attempt)
        return False

    opened = []
    t_ramp = time.monotonic()
    for sock in sockets:
        opened.append(asyncio.ensure_future(open_one(sock)))
        if delay:
            await asyncio.sleep(delay)
    await asyncio.gather(*opened)
    stats.ramp_seconds = time.monotonic() - t_ramp
    listeners = [asyncio.ensure_future(s.listen()) for s in sockets if s.ws is not None]
    await asyncio.sleep(1.0)
    # The other three seats were made ready by the setup; the first presses Ready on its page
    # now that all four pages are open, and the game starts.
    log(f"{len(sockets)} sockets open, {stats.errors}")
    # Staggered starts put the tables at different points of a hand, as on a live site, instead
    # of every table dealing, calling and exchanging in the same seconds.
    gap = stagger / len(tables) if stagger else delay * 5
    for table in tables:
        table.playing = True
        table.players[0].after_frame()
        await asyncio.sleep(gap)
    # Let the games start: every table's first full refresh after Ready has arrived.
    wait_until = time.monotonic() + 300
    while time.monotonic() < wait_until and not all(t.players[0].hand and t.players[0].hand.cards for t in tables):
        await asyncio.sleep(0.5)
    log(f"games started: {sum(1 for t in tables if t.players[0].hand and t.players[0].hand.cards)}/{len(tables)}")
    stats.started_tables = sum(1 for t in tables if t.players[0].hand and t.players[0].hand.cards)
    await asyncio.sleep(warmup)  # the players play on their frames
    await asyncio.get_running_loop().run_in_executor(None, barrier.wait, 600)
    stats.measuring = True
    cpu = psutil.Process().cpu_times()
    stats.cpu_start = cpu.user + cpu.system
    await asyncio.sleep(duration)
    stats.measuring = False
    cpu = psutil.Process().cpu_times()
    stats.cpu_window = cpu.user + cpu.system - stats.cpu_start
    for table in tables:
        table.closing = True
        table.playing = False
    await asyncio.gather(*(s.ws.close() for s in sockets if s.ws is not None), return_exceptions=True)
    for listener in listeners:
        listener.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)




def child(specs, ports, host, duration, ramp_rate, barrier, queue, think, click, in_flight, stagger=0.0, warmup=0.0):
    random.seed(os.getpid())
    stats = Stats()
    try:
        asyncio.run(run_tables(specs, ports, host, duration, ramp_rate, barrier, stats, think, click, in_flight,
                               stagger, warmup))
    except Exception as exc:  # noqa: BLE001
        stats.error("generator_crashed", repr(exc))
    queue.put({"latencies": stats.latencies, "by_cmd": stats.by_cmd,
               "errors": stats.errors, "error_samples": stats.error_samples, "frames_in": stats.frames_in,
               "bytes_in": stats.bytes_in, "started": stats.started_tables, "ramp": getattr(stats, "ramp_seconds", None), "reconnects": stats.reconnects, "cpu": getattr(stats, "cpu_window", 0.0)})


# --- setup, login, stack probes ---------------------------------------------------------

def stack_env(bench_dir):
    env = dict(os.environ, BENCH_DIR=bench_dir)
    out = subprocess.run(["bash", str(STACK), "env"], env=env, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        key, _, value = line.removeprefix("export ").partition("=")
        env[key] = value
    return env


def http_login(host, port, username, password):
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    base = f"http://{host}:{port}"
    page = opener.open(f"{base}/accounts/login/", timeout=60).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"username": username, "password": password,
                                   "csrfmiddlewaretoken": token}).encode()
    request = urllib.request.Request(f"{base}/accounts/login/", data=body,
                                     headers={"Origin": base, "Referer": f"{base}/accounts/login/"})
    opener.open(request, timeout=60).read()
    session = next((c.value for c in jar if c.name == "sessionid"), None)
    if session is None:
        raise RuntimeError(f"login of {username} gave no session")
    return session


def daphne_pids(bench_dir):
    pids = {}
    path = Path(bench_dir) / "pids"
    for line in path.read_text().splitlines():
        pid, name = line.split()
        pids[name] = int(pid)
    return pids


def pg_stats(database_url):
    if database_url is None:
        return {}
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        row = conn.execute(
            "select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted"
            " from pg_stat_database where datname = current_database()").fetchone()
        # pg_stat_statements counts statements exactly when the server preloads it.
        calls = None
        try:
            calls = conn.execute("select sum(calls) from pg_stat_statements s join pg_database d on d.oid = s.dbid"
                                 " where d.datname = current_database()").fetchone()[0]
        except Exception:  # noqa: BLE001
            pass
    keys = ("xact_commit", "xact_rollback", "tup_returned", "tup_fetched", "tup_inserted", "tup_updated",
            "tup_deleted")
    stats = dict(zip(keys, row))
    stats["statements"] = calls
    return stats


def proc_sample(pids):
    out = {}
    for name, pid in pids.items():
        try:
            p = psutil.Process(pid)
            procs = [p] + p.children(recursive=True)
            cpu = sum(q.cpu_times().user + q.cpu_times().system for q in procs)
            rss = sum(q.memory_info().rss for q in procs)
            out[name] = {"cpu": cpu, "rss": rss, "runq": run_queue_wait(procs)}
        except psutil.NoSuchProcess:
            out[name] = {"cpu": 0.0, "rss": 0, "runq": 0.0}
    return out


def run_queue_wait(procs):
    """Seconds the processes' threads were runnable but waiting for a CPU (schedstat): how much
    the other work on this shared machine held the server back."""
    total = 0
    for q in procs:
        for task in Path(f"/proc/{q.pid}/task").glob("*"):
            try:
                total += int((task / "schedstat").read_text().split()[1])
            except (OSError, IndexError, ValueError):
                pass
    return total / 1e9


def percentile(values, q):
    if not values:
        return None
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))
    return values[k]


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--ports", default="8101,8102", help="daphne ports; player i uses port i mod N")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--login", choices=("http", "direct"), default="http")
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a player thinks before a decision (uniform 0.5x-1.5x); 0 = flat out")
    parser.add_argument("--click", type=float, default=0.2, help="mean seconds between the clicks of one decision")
    parser.add_argument("--in-flight", type=int, default=8,
                        help="websocket handshakes in flight at once (daphne drops a socket the app has"
                             " not accepted within 5 s)")
    parser.add_argument("--procs", type=int, default=1, help="load-generator processes")
    parser.add_argument("--ramp", type=float, default=200, help="socket connects per second")
    parser.add_argument("--stagger", type=float, default=0.0,
                        help="seconds over which the tables' games start (0: one after another at once)")
    parser.add_argument("--warmup", type=float, default=0.0,
                        help="seconds of play after every game started, before the measured window")
    parser.add_argument("--crowd", type=int, default=10, help="spectators at each of the --crowd-tables tables")
    parser.add_argument("--crowd-tables", type=int, default=0, help="how many tables have a crowd (the rest: one)")
    parser.add_argument("--bench-dir", default=os.environ.get("BENCH_DIR", "/tmp/stich-bench"))
    parser.add_argument("--prefix", default=f"r{int(time.time()) % 100000}x")
    parser.add_argument("--out", help="write the report as JSON here too")
    args = parser.parse_args(argv)
    args.ports = [int(p) for p in args.ports.split(",")]
    return args


def login_all(specs, password, host, ports):
    """Every player logs in over HTTP on the port its socket will use; its `sessionid` goes
    into the spec."""
    jobs = [(i, player) for spec in specs for i, player in enumerate(spec["players"])]
    with ThreadPoolExecutor(max_workers=4) as pool:
        sessions = list(pool.map(lambda job: http_login(host, ports[job[0] % len(ports)],
                                                        job[1]["username"], password), jobs))
    for (_, player), session in zip(jobs, sessions):
        player["sessionid"] = session


def measure(specs, args, pids=None, database_url=None, revision="working tree", setup_seconds=None):
    """Play the tables for args.duration seconds and return the report. `pids` names the
    processes to sample ("daphne-<port>" for the servers; others are reported as other CPU);
    `database_url` the PostgreSQL database whose statistics give the queries per action
    (None: not measured)."""
    ports = args.ports
    specs = [dict(spec, index=index, watchers=args.crowd if index < args.crowd_tables else 1)
             for index, spec in enumerate(specs)]
    pids = pids or {}
    daphnes = {n: p for n, p in pids.items() if n.startswith("daphne-") and int(n.split("-")[1]) in ports}
    before_sockets = proc_sample(pids)

    procs = max(1, min(args.procs, len(specs)))
    barrier = mp.Barrier(procs + 1)
    queue = mp.Queue()
    children = []
    for k in range(procs):
        part = specs[k::procs]
        p = mp.Process(target=child, args=(part, ports, args.host, args.duration, args.ramp / procs, barrier, queue,
                                                  args.think, args.click, max(1, args.in_flight // procs),
                                                  args.stagger, args.warmup))
        p.start()
        children.append(p)
    barrier.wait(timeout=900)
    t0 = time.perf_counter()
    open_sample = proc_sample(pids)
    pg0 = pg_stats(database_url)
    time.sleep(args.duration)
    t1 = time.perf_counter()
    end_sample = proc_sample(pids)
    pg1 = pg_stats(database_url)
    results = [queue.get(timeout=300) for _ in children]
    for p in children:
        p.join(timeout=60)

    window = t1 - t0
    latencies = [x for r in results for x in r["latencies"]]
    by_cmd = {}
    errors = {}
    for r in results:
        for k, v in r["by_cmd"].items():
            by_cmd[k] = by_cmd.get(k, 0) + v
        for k, v in r["errors"].items():
            errors[k] = errors.get(k, 0) + v
    game_actions = sum(v for k, v in by_cmd.items() if k != "ready")
    pg_delta = {k: (pg1[k] - pg0[k]) if pg1[k] is not None and pg0[k] is not None else None for k in pg0}
    per_process = {}
    for name in daphnes:
        cpu = end_sample[name]["cpu"] - open_sample[name]["cpu"]
        per_process[name] = {
            "cpu_percent": round(100 * cpu / window, 1),
            "waiting_for_cpu_percent": round(100 * (end_sample[name]["runq"] - open_sample[name]["runq"]) / window, 1),
            "rss_idle_mb": round(before_sockets[name]["rss"] / 2**20, 1),
            "rss_open_mb": round(open_sample[name]["rss"] / 2**20, 1),
            "rss_end_mb": round(end_sample[name]["rss"] / 2**20, 1),
        }
    others = {name: round(100 * (end_sample[name]["cpu"] - open_sample[name]["cpu"]) / window, 1)
              for name in pids if name not in daphnes}
    rss_delta = sum(open_sample[n]["rss"] - before_sockets[n]["rss"] for n in daphnes)
    return {
        "revision": revision,
        "tables": len(specs), "tables_started": sum(r["started"] for r in results),
        "think_seconds": args.think, "stagger_seconds": args.stagger, "warmup_seconds": args.warmup,
        "connect_seconds": max((r["ramp"] or 0) for r in results), "daphne_processes": len(daphnes), "ports": ports, "login": args.login,
        "window_seconds": round(window, 1),
        "setup_seconds": None if setup_seconds is None else round(setup_seconds, 1),
        "moves_measured": len(latencies),
        "latency_ms": {q: (round(1000 * percentile(latencies, q), 1) if latencies else None)
                       for q in (50, 95, 99)} | {"max": round(1000 * max(latencies), 1) if latencies else None},
        "game_actions": by_cmd, "game_actions_per_second": round(game_actions / window, 1),
        "errors": errors, "reconnects": sum(r["reconnects"] for r in results), "error_samples": [s for r in results for s in r["error_samples"]][:10],
        "frames_received": sum(r["frames_in"] for r in results),
        "mb_received": round(sum(r["bytes_in"] for r in results) / 2**20, 1),
        "daphne": per_process,
        "memory_per_open_table_kb": round(rss_delta / 1024 / max(1, len(specs)), 1),
        "cpu_percent_other": others,
        "load_generator_cpu_percent": round(100 * sum(r["cpu"] for r in results) / window, 1),
        "postgres_delta": pg_delta,
        "per_game_action": {k: round(v / game_actions, 2) for k, v in pg_delta.items()
                            if v is not None and game_actions},
        "machine_load_avg": os.getloadavg(),
    }


def main(argv=None):
    args = parse_args(argv)
    env = stack_env(args.bench_dir)
    random.seed(1)

    t_setup = time.perf_counter()
    setup = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), str(ROOT / "bench" / "load" / "setup_tables.py"),
         "--tables", str(args.tables), "--prefix", args.prefix] + (["--sessions"] if args.login == "direct" else []),
        env=env, capture_output=True, text=True, cwd=env.get("STICH_SRC") or ROOT)
    if setup.returncode:
        sys.exit(f"setup failed:\n{setup.stderr[-3000:]}")
    data = json.loads(setup.stdout)
    specs = data["tables"]
    if args.login == "http":
        login_all(specs, data["password"], args.host, args.ports)
    setup_seconds = time.perf_counter() - t_setup

    revision_file = Path(env.get("STICH_SRC", "/nonexistent")) / "REVISION"
    report = measure(specs, args, pids=daphne_pids(args.bench_dir), database_url=env["DATABASE_URL"],
                     revision=revision_file.read_text().strip() if revision_file.exists() else "working tree",
                     setup_seconds=setup_seconds)
    print(json.dumps(report, indent=1))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
