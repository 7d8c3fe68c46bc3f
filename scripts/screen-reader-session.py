#!/usr/bin/env python3
"""Runs breathe-voice inside a real terminal screen reader (Fenrir's pty emulation, `fenrir -e`, speaking through
speech-dispatcher) and measures what is heard. Meant to run inside scripts/with-pulse.sh scripts/with-speechd.sh.

Usage: screen-reader-session.py [--returning] [--inside tmux|tmux-attached|screen|screen-attached|detach|detach-attached]
                                BINARY [ARG...]
       screen-reader-session.py --read-speechd-log PATH   (prints the messages read from a speech-dispatcher log)

The session starts as a user would start it: at a prompt ("$") that Fenrir has read, once its speech has been quiet
for 1.5 s (inside a multiplexer, once a client is attached too).

--inside runs the session in a pane of a terminal multiplexer: `tmux` and `screen` start it inside Fenrir (the
multiplexer's server is then no child of Fenrir's: tmux's daemonizes, and screen's is detached and attached again, as
a user does); `tmux-attached` and `screen-attached` start the server first, outside Fenrir, and attach it from inside
Fenrir, the session starting once a client is attached (a server kept across logins). `detach` and `detach-attached`
do the same with scripts/detach-session.py, a session keeper of the tests' own whose client relays the session over a
Unix socket (as dtach, abduco and zellij do): nothing in breathe-voice knows its name.

--returning runs it as a user who has had a session with Fenrir before: its state folder says Fenrir was found and the
keys were told (`told/screen-reader.Fenrir`, `told/screen-reader-keys`), so neither is said again. Without it, the
session is the user's first: "Fenrir found." opens it, and how to hear the keys follows its closing words.

Our program plays on a second null sink of its own ("ours", through PULSE_SINK), speech-dispatcher on the server's
default one ("test"); both monitors are recorded, so our stream and the speech server's are heard apart. The
session writes its events to a file (--events json=PATH is added), whose `planned` times give every phase boundary
on the session's timeline; the first tone heard on our stream places that timeline on the wall clock.
speech-dispatcher's log (level 5) says which client sent each message and when the module began and ended saying it;
the speech server's recording says when it was heard. A recording's samples are placed on the wall clock by when
each chunk of it was read (`Recorder`), so a stretch the server dropped moves nothing after it.

Prints one JSON object:
  status          the program's exit status (null if it never said)
  transcript      what the terminal showed (base64)
  boundaries      [{cycle, index, phase, planned, wall}]: each phase boundary; `wall` is when its tone was heard
  messages        [{client, text, begin, end, heard}]: every message speech-dispatcher said, in order; `heard` is the
                  first sound of it on the speech server's recording (wall clock), null if none was found
  ourSpeech       [[start, end]]: sound on our own stream away from the tones (wall clock): a voice of ours
  opening         {end, firstTone}: the last sound of what speech-dispatcher began saying before the first tone
                  (the opening, as read; wall clock), and the first tone
  entered         when the command was started (wall clock), as its user pressing Enter
  dropped         {ours, theirs}: seconds of each recording the server dropped (a recorder read late under load);
                  every time above allows for them
  error           null, or what went wrong
"""
import atexit, base64, bisect, fcntl, json, os, pty, re, select, shlex, shutil, signal, struct, subprocess, sys, tempfile, termios
import threading, time

RATE = 22050
THRESHOLD = 200


class Placement:
    """Where a recording's samples fall on the wall clock, from its chunks: (when read, samples read by then), in order.

    A chunk's last sample was heard when it was read, or a little before (the reader may run late). A sample's time
    comes from the chunks read within WINDOW after the one that holds it, the one read soonest after its last sample
    counting. On a loaded machine the server drops what a recorder has not read in time (an overrun): counting samples
    from the first chunk on, as this harness did, placed everything after a drop too early by what was dropped, and a
    message heard on time was then "sent, but nothing heard" (seen alone, in 1 of 19 sessions inside Fenrir)."""

    # How long after the chunk that holds a sample the chunks that place it are read (s).
    WINDOW = 3.0

    def __init__(self, chunks):
        self.chunks = chunks
        self.ends = [end for _, end in chunks]

    def origin(self, sample):
        """When sample 0 would have been heard, by the stretch of the recording that holds `sample`."""
        at = min(bisect.bisect_left(self.ends, sample), len(self.chunks) - 1)
        limit = self.chunks[at][0] + self.WINDOW
        best = None
        while at < len(self.chunks) and self.chunks[at][0] <= limit:
            read, end = self.chunks[at]
            best = read - end / RATE if best is None else min(best, read - end / RATE)
            at += 1
        return best

    def wall(self, sample):
        return self.origin(sample) + sample / RATE

    def sample(self, wall):
        # The origin moves only where samples were dropped: twice settles on the stretch that holds `wall`.
        sample = int(round((wall - self.origin(0)) * RATE))
        for _ in range(2):
            sample = int(round((wall - self.origin(max(0, sample))) * RATE))
        return sample

    def dropped(self):
        """Seconds of sound the server dropped over the recording: its origin's move from start to end."""
        return self.origin(self.ends[-1]) - self.origin(0) if self.chunks else 0.0


class Recorder:
    """parec on a monitor, read in a thread; `wall(k)` is when sample k was heard, on time.time() (`Placement`)."""

    def __init__(self, device):
        self.process = subprocess.Popen(
            ["parec", "--device=" + device, "--rate=%d" % RATE, "--channels=1", "--format=s16le", "--raw",
             "--latency-msec=10"], stdout=subprocess.PIPE)
        self.data = bytearray()
        self.chunks = []
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()

    def _pump(self):
        while True:
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                return
            read = time.time()
            self.data += chunk
            self.chunks.append((read, len(self.data) // 2))

    def wait_started(self, timeout=10):
        deadline = time.time() + timeout
        while not self.chunks and time.time() < deadline:
            time.sleep(0.01)
        return bool(self.chunks)

    def stop(self):
        self.process.kill()
        self.process.wait()
        self.thread.join(2)
        count = len(self.data) // 2
        self.samples = struct.unpack("<%dh" % count, bytes(self.data[: count * 2]))
        self.placement = Placement(list(self.chunks))

    def wall(self, sample):
        return self.placement.wall(sample)

    def sample(self, wall):
        return self.placement.sample(wall)

    def dropped(self):
        return self.placement.dropped()

    def active(self, start, end):
        """Runs of sound in samples[start:end] as (first, last) sample pairs, gaps under 0.15 s joined."""
        runs = []
        gap = int(RATE * 0.15)
        for index in range(max(0, start), min(len(self.samples), end)):
            if abs(self.samples[index]) > THRESHOLD:
                if runs and index - runs[-1][1] <= gap:
                    runs[-1][1] = index
                else:
                    runs.append([index, index])
        return runs


STAMP = re.compile(r"^\[(\w{3} \w{3} +\d+ \d\d:\d\d:\d\d \d{4}) : (\d+)\] speechd: +(.*)$")


def speechd_messages(log_path, offset):
    """What speech-dispatcher said from `offset` of its log on, in order: client, text, module begin and end."""
    clients = {}
    queued = []  # [client, normalized text]
    said = []
    current = None
    last_fd = None
    last_when = None
    with open(log_path, errors="replace") as log:
        log.seek(offset)
        for line in log:
            match = STAMP.match(line.rstrip("\n"))
            if not match:
                continue
            when = time.mktime(time.strptime(match.group(1), "%a %b %d %H:%M:%S %Y")) + int(match.group(2)) / 1e6
            # speech-dispatcher stamps a line with time(NULL)'s seconds and gettimeofday()'s microseconds, read one
            # after the other; time() is the kernel's coarse clock, up to a tick (and any preemption between the two
            # calls) behind, so a line written just after a second begins carries the second before: a full second
            # early. The stamps are taken under its logging lock, in the order the lines are written, so a line
            # earlier than the one before it by more than half a second is such a line.
            if last_when is not None and when < last_when - 0.5:
                when += 1
            last_when = max(when, last_when or when)
            body = match.group(3)
            fd = re.match(r"(\d+):DATA:\|(.*)", body)
            if fd:
                last_fd = fd.group(1)
                name = re.search(r"CLIENT_NAME \"?([^\"]*)\"?", fd.group(2), re.IGNORECASE)
                if name and fd.group(2).upper().startswith("SET SELF CLIENT_NAME"):
                    clients[last_fd] = name.group(1).strip()
                continue
            queue = re.match(r"Queueing message \|(.*)\| with priority (\d)", body)
            if queue:
                queued.append([clients.get(last_fd, "?"), " ".join(queue.group(1).split()), int(queue.group(2))])
                continue
            sent = re.match(r"Command sent to output module: \|<speak>(.*)</speak>\|", body)
            if sent:
                text = " ".join(re.sub(r"<mark[^>]*/>", "", sent.group(1)).split())
                client, priority = "?", None
                for entry in queued:
                    if entry[1] == text:
                        client, priority = entry[0], entry[2]
                        queued.remove(entry)
                        break
                if current is not None and current["end"] is None:
                    current["end"] = when
                current = {"client": client, "text": text, "priority": priority, "begin": None, "end": None}
                said.append(current)
                continue
            if body.strip() == "got begin" and current is not None and current["begin"] is None:
                current["begin"] = when
            elif body.strip() in ("got end", "got stop") and current is not None and current["end"] is None:
                current["end"] = when
    return [message for message in said if message["begin"] is not None]


class Multiplexer:
    """A tmux, GNU screen or detach-session.py server of the session's own (its socket in the work folder), the session
    in its pane."""

    def __init__(self, kind, work):
        self.kind, self.work = kind, work
        self.tool = kind.split("-")[0]
        self.attached_later = kind.endswith("-attached")
        self.status = os.path.join(work, "status")
        self.go_path = os.path.join(work, "go")
        os.mkfifo(self.go_path)
        self.name = "breathe%d" % os.getpid()
        if self.tool == "tmux":
            # Its own socket; no user configuration; a status line that does not change while the session runs (a
            # screen reader reads it as it changes: a clock, a window renamed after the program started in it; see
            # docs/user-guide.md, "Screen readers").
            config = os.path.join(work, "tmux.conf")
            with open(config, "w") as out:
                out.write('set -g status-right ""\nset -g automatic-rename off\nset -g exit-empty on\n')
            self.base = ["tmux", "-S", os.path.join(work, "tmux.socket"), "-f", config]
        elif self.tool == "screen":
            config = os.path.join(work, "screenrc")
            with open(config, "w") as out:
                out.write("startup_message off\n")
            os.makedirs(os.path.join(work, "screen"), mode=0o700)
            os.environ["SCREENDIR"] = os.path.join(work, "screen")
            self.base = ["screen", "-c", config]
        elif self.tool == "detach":
            self.socket = os.path.join(work, "kept.sock")
            self.base = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "detach-session.py")]
        else:
            raise SystemExit("screen-reader-session: --inside tmux, tmux-attached, screen, screen-attached, detach or "
                             "detach-attached")

    def pane(self, command):
        """The pane's command: waits for `go`, runs the session, keeps its exit status for the outer script."""
        pane = os.path.join(self.work, "pane.sh")
        with open(pane, "w") as out:
            out.write("#!/bin/sh\nread go <%s\n%s\necho $? >%s\n" % (
                shlex.quote(self.go_path), command, shlex.quote(self.status)))
        os.chmod(pane, 0o755)
        return pane

    def attached(self):
        """True once a client is attached to the server."""
        if self.tool == "detach":
            return os.path.exists(self.socket + ".attached")
        if self.tool == "tmux":
            listed = subprocess.run(self.base + ["list-clients"], capture_output=True, text=True).stdout
            return listed.strip() != ""
        listed = subprocess.run(self.base + ["-ls", self.name], capture_output=True, text=True).stdout
        return "Attached" in listed

    def go(self):
        """Lets the pane run the session (as a user types the command once the multiplexer is up and read)."""
        with open(self.go_path, "w") as fifo:
            fifo.write("go\n")

    def start_detached(self, command, env):
        """For -attached: the server and its session, started before Fenrir, outside it."""
        pane = self.pane(command)
        if self.tool == "detach":
            subprocess.run(self.base + ["new", self.socket, pane], check=True, env=env)
        elif self.tool == "tmux":
            subprocess.run(self.base + ["new-session", "-d", "-s", self.name, "-x", "120", "-y", "30", pane],
                           check=True, env=env)
        else:
            subprocess.run(self.base + ["-dmS", self.name, pane], check=True, env=env)

    def script(self, command):
        """The script Fenrir runs: the multiplexer, in or attached to, then the session's exit status."""
        quoted = " ".join(shlex.quote(part) for part in self.base)
        if self.tool == "detach":
            attach = "%s attach %s" % (quoted, shlex.quote(self.socket))
            enter = attach if self.attached_later else "%s new %s %s && %s" % (
                quoted, shlex.quote(self.socket), shlex.quote(self.pane(command)), attach)
        elif self.attached_later:
            enter = "%s attach -t %s" % (quoted, self.name) if self.tool == "tmux" else "%s -r %s" % (quoted, self.name)
        elif self.tool == "tmux":
            enter = "%s new-session -s %s %s" % (quoted, self.name, shlex.quote(self.pane(command)))
        else:
            enter = "%s -S %s %s" % (quoted, self.name, shlex.quote(self.pane(command)))
        return ("#!/bin/sh\nexport TERM=${TERM:-linux}\n%s\necho \"@@DONE $(cat %s 2>/dev/null || echo 255)@@\"\n"
                "sleep 1\n" % (enter, shlex.quote(self.status)))

    def stop(self):
        """Whatever is left of the server (it is no child of Fenrir's, so killing Fenrir's group leaves it)."""
        if self.tool == "detach":
            try:
                os.kill(int(open(self.socket + ".pid").read()), signal.SIGTERM)
            except (OSError, ValueError):
                pass
        elif self.tool == "tmux":
            subprocess.run(self.base + ["kill-server"], capture_output=True)
        else:
            subprocess.run(self.base + ["-S", self.name, "-X", "quit"], capture_output=True)


def reader_voice(arguments):
    """The speech-dispatcher voice of the session's language (--lang), as a user of that language sets their screen
    reader: the espeak-ng module's voice whose language is the locale file's code or its _voice, else the language's
    own country (fr-FR), else the first of the language; None for English or when none is found."""
    code = arguments[arguments.index("--lang") + 1] if "--lang" in arguments else "en"
    try:
        locale = json.load(open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Locales",
                                             code + ".json"), encoding="utf-8"))
        import speechd
        client = speechd.SSIPClient("breathe-voice-test")
        try:
            client.set_output_module("espeak-ng")
            voices = [(name, language) for name, language, variant in client.list_synthesis_voices()
                      if variant in ("none", "", None)]
        finally:
            client.close()
    except Exception:
        return None
    language = code.split("-")[0].lower()
    wanted = [code.lower(), locale.get("_voice", "").lower(), language + "-" + language]
    for candidate in wanted:
        for name, voice_language in voices:
            if voice_language.lower() == candidate:
                return name
    return next((name for name, voice_language in voices if voice_language.lower().startswith(language)), None)


def main():
    # A child of Foundation's Process starts with SIGINT and SIGTERM blocked, and would pass that on to parec and
    # Fenrir, which then could not be stopped: everything starts from a clean mask.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    if sys.argv[1] == "--place":
        # Where samples fall, for chunks read as given (for the tests): {"chunks": [[read, end]], "samples": [k],
        # "walls": [t]} in, {"walls": [wall(k)], "samples": [sample(t)], "dropped": s} out.
        given = json.load(open(sys.argv[2]))
        placement = Placement([tuple(chunk) for chunk in given["chunks"]])
        print(json.dumps({"walls": [placement.wall(k) for k in given["samples"]],
                          "samples": [placement.sample(t) for t in given["walls"]], "dropped": placement.dropped()}))
        return
    if sys.argv[1] == "--read-speechd-log":
        # What the measurement reads of a log: its messages, with their stamps as corrected (for the tests).
        print(json.dumps(speechd_messages(sys.argv[2], 0)))
        return
    returning = sys.argv[1] == "--returning"
    if returning:
        del sys.argv[1]
    inside = None
    if sys.argv[1] == "--inside":
        inside = sys.argv[2]
        del sys.argv[1:3]
    binary, arguments = sys.argv[1], sys.argv[2:]
    log_dir = os.environ["BREATHE_VOICE_TEST_SPEECHD_LOG"]
    log_path = os.path.join(log_dir, "speech-dispatcher.log")
    result = {"status": None, "transcript": "", "boundaries": [], "messages": [], "ourSpeech": [], "error": None}
    work = tempfile.mkdtemp(prefix="breathe-voice-sr.")
    # Removed when the script ends, however it ends but killed (make test fails on a folder left in /tmp).
    atexit.register(shutil.rmtree, work, True)
    home = os.path.join(work, "home")
    os.makedirs(home)
    if returning:
        told = os.path.join(home, ".local/state/breathe-voice/told")
        os.makedirs(told, mode=0o700)
        for subject in ("screen-reader.Fenrir", "screen-reader-keys"):
            open(os.path.join(told, subject), "w").close()
    events = os.path.join(work, "events.jsonl")
    script = os.path.join(work, "session.sh")
    command = " ".join(shlex.quote(part) for part in [binary] + arguments + ["--events", "json=" + events])
    multiplexer = Multiplexer(inside, work) if inside else None
    with open(script, "w") as out:
        if multiplexer:
            out.write(multiplexer.script(command))
        else:
            # A prompt, read first; the session once it has been (as a user types the command at it).
            go_path = os.path.join(work, "go")
            os.mkfifo(go_path)
            out.write("#!/bin/sh\necho '$'\nread go <%s\n%s\necho \"@@DONE $?@@\"\nsleep 1\n" % (
                shlex.quote(go_path), command))
    os.chmod(script, 0o755)
    # The daemon serves the whole test run: only what it logs from now on is this session's.
    offset = os.path.getsize(log_path)
    module = subprocess.run(
        ["pactl", "load-module", "module-null-sink", "sink_name=ours", "rate=%d" % RATE, "channels=1"],
        capture_output=True, text=True).stdout.strip()
    ours = Recorder("ours.monitor")
    theirs = Recorder("test.monitor")
    if not (ours.wait_started() and theirs.wait_started()):
        result["error"] = "the recorders did not start"
    env = dict(os.environ)
    env.update({"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "XDG_STATE_HOME": os.path.join(home, ".local/state"), "XDG_CACHE_HOME": os.path.join(home, ".cache"),
                "PULSE_SINK": "ours"})
    for key in [key for key in env if key.startswith("BREATHE_VOICE_") and key != "BREATHE_VOICE_TEST_SPEECHD_LOG"]:
        env.pop(key)
    if multiplexer and multiplexer.attached_later:
        multiplexer.start_detached(command, dict(env, TERM=env.get("TERM", "linux")))
    transcript = b""
    # Fenrir speaks the session's language, as its user would have it: the voice named before the fork (the child
    # only execs).
    voice = reader_voice(arguments)
    result["readerVoice"] = voice
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 120, 0, 0))
        # Fenrir's -o splits on ';' and '=': the session runs from a script whose path has neither.
        # No remote control (its unixDriver's socket, /tmp/fenrirscreenreader-PID.sock, outlives a Fenrir stopped by a
        # signal, as every one here is).
        options = ["speech#driver=speechdDriver", "speech#module=espeak-ng", "sound#enabled=False",
                   "remote#driver=dummyDriver",
                   "general#autoSpellCheck=False", "general#shell=" + script]
        if voice:
            options.append("speech#language=" + voice)
        options = ";".join(options)
        os.execvpe("fenrir", ["fenrir", "-e", "-o", options], env)
    deadline = time.time() + float(os.environ.get("SCREEN_READER_SESSION_TIMEOUT", "150"))
    def start_when_read():
        # Once a client is attached (in a multiplexer) and Fenrir has said what is on the screen (its log quiet for
        # 1.5 s), the session starts, as a user types it at the prompt once the screen has been read.
        while multiplexer and time.time() < deadline and not multiplexer.attached():
            time.sleep(0.1)
        # Fenrir has begun to speak (its "Start Fenrir"), then nothing more for 1.5 s.
        while time.time() < deadline and os.path.getsize(log_path) == offset:
            time.sleep(0.1)
        size, quiet_since = os.path.getsize(log_path), time.time()
        while time.time() < deadline and time.time() - quiet_since < 1.5:
            time.sleep(0.1)
            grown = os.path.getsize(log_path)
            if grown != size:
                size, quiet_since = grown, time.time()
        if multiplexer:
            multiplexer.go()
        else:
            with open(os.path.join(work, "go"), "w") as fifo:
                fifo.write("go\n")
        # The command starts now, as when its user presses Enter.
        result["entered"] = time.time()
    threading.Thread(target=start_when_read, daemon=True).start()
    done = None
    while time.time() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if master in ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            transcript += chunk
            done = re.search(rb"@@DONE (\d+)@@", transcript)
            if done:
                break
    if done:
        result["status"] = int(done.group(1))
        # What is still queued for the screen reader is said, then heard.
        quiet_since = time.time()
        size = os.path.getsize(log_path)
        settled = time.time() + 8
        while time.time() - quiet_since < 2.5 and time.time() < settled:
            time.sleep(0.25)
            grown = os.path.getsize(log_path)
            if grown != size:
                size, quiet_since = grown, time.time()
    else:
        result["error"] = "the session did not end in time"
    # Fenrir leads the session pty.fork made: its whole group goes (it runs several processes).
    os.killpg(pid, signal.SIGTERM)
    for _ in range(40):
        if os.waitpid(pid, os.WNOHANG)[0]:
            break
        time.sleep(0.1)
    else:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    if multiplexer:
        multiplexer.stop()
    ours.stop()
    theirs.stop()
    # What the server dropped of each recording (s), for a failure's message.
    result["dropped"] = {"ours": ours.dropped(), "theirs": theirs.dropped()}
    if module:
        subprocess.run(["pactl", "unload-module", module], capture_output=True)
    result["transcript"] = base64.b64encode(transcript).decode()

    seen = set()
    records = []
    if os.path.exists(events):
        with open(events) as stream:
            records = [json.loads(line) for line in stream if line.strip()]
    for record in records:
        if record["state"] == "active" and record["segment"] == "phase":
            key = (record["cycle"], record["phaseIndex"])
            if key not in seen:
                seen.add(key)
                result["boundaries"].append({"cycle": record["cycle"], "index": record["phaseIndex"],
                                             "phase": record["phase"], "planned": record["planned"]})
    heard_ours = ours.active(0, len(ours.samples))
    if result["boundaries"] and heard_ours:
        origin = ours.wall(heard_ours[0][0]) - result["boundaries"][0]["planned"]
        for boundary in result["boundaries"]:
            boundary["wall"] = origin + boundary["planned"]
        # Our stream carries the tones (each under 0.6 s from its boundary); anything else on it is a voice of ours.
        windows = [(boundary["wall"] - 0.05, boundary["wall"] + 0.6) for boundary in result["boundaries"]]
        for first, last in heard_ours:
            start, end = ours.wall(first), ours.wall(last)
            if not any(low <= start and end <= high for low, high in windows):
                result["ourSpeech"].append([start, end])
    elif not result["error"]:
        result["error"] = "no boundary, or no tone heard on our stream"

    for message in speechd_messages(log_path, offset):
        first = theirs.sample(message["begin"] - 0.05)
        runs = theirs.active(first, first + int(RATE * 1.5))
        message["heard"] = theirs.wall(runs[0][0]) if runs else None
        result["messages"].append(message)
    # The opening as read: the last sound of every message begun before the first tone, up to its end in the log.
    if result["boundaries"] and "wall" in result["boundaries"][0]:
        first_tone = result["boundaries"][0]["wall"]
        end = None
        messages = result["messages"]
        for index, message in enumerate(messages):
            if message["begin"] >= first_tone:
                continue
            start = theirs.sample(message["begin"] - 0.05)
            until = (message["end"] or first_tone + 4) + 0.3
            if index + 1 < len(messages):
                until = min(until, messages[index + 1]["begin"] - 0.02)
            stop = theirs.sample(until)
            runs = theirs.active(start, stop)
            if runs:
                end = max(end or 0, theirs.wall(runs[-1][1]))
        result["opening"] = {"end": end, "firstTone": first_tone}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
