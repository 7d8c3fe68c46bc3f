#!/usr/bin/env python3
"""Runs a program in a fresh pseudo-terminal, the way an interactive shell with job control would, and follows a script.

Usage: pty-session.py PROGRAM [ARG...] < script.json

The script is a JSON object: {"env": {...}, "onlcr": false, "steps": [...]}. Each step is one of
  {"expect": TEXT, "timeout": S}   wait until TEXT appears in the output after the previous match
  {"send": TEXT}                   type TEXT on the terminal (Ctrl-Z is "\\u001a")
  {"kill": "INT"|"TERM"|"HUP"|...} send a signal to the program
  {"killpid": PID, "signal": "KILL"} send a signal to another process (a test's own sound server, say)
  {"quiet": S}                     watch S seconds and record what was printed meanwhile (a test asserts it is empty)
  {"stopped": true, "timeout": S}  wait until the program has stopped (Ctrl-Z), then record `stty -g` as "stopped"
  {"fg": true}                     give the terminal back to the program and continue it, as `fg` does
The terminal's settings are recorded with `stty -g` before the run and after the program exits.
Prints one JSON object: transcript (base64), status (exit code, or 128+signal), stty, quiet (what each quiet step
saw, base64), error (null, or what went wrong).

The program runs in its own process group, in the terminal's foreground, under a small "shell" process that leads the
session, so Ctrl-Z really stops it (a session leader's own group would be orphaned and the stop discarded).
"""
import base64, fcntl, json, os, select, signal, struct, subprocess, sys, termios, time

def stty(fd):
    return subprocess.run(["stty", "-g"], stdin=fd, capture_output=True, text=True).stdout.strip()

def main():
    script = json.load(sys.stdin)
    argv = sys.argv[1:]
    env = dict(os.environ)
    for key, value in script.get("env", {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    if not script.get("onlcr", False):
        attrs = termios.tcgetattr(slave)
        attrs[1] &= ~termios.ONLCR  # bytes arrive exactly as written
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    result = {"stty": {"before": stty(slave)}, "quiet": [], "error": None, "status": None}
    status_r, status_w = os.pipe()
    command_r, command_w = os.pipe()
    shell = os.fork()
    if shell == 0:
        try:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for number in (signal.SIGTTOU, signal.SIGTTIN, signal.SIGTSTP, signal.SIGINT, signal.SIGQUIT):
                signal.signal(number, signal.SIG_IGN)
            child = os.fork()
            if child == 0:
                os.setpgid(0, 0)
                # The terminal first, while SIGTTOU is still ignored: a background group that takes the terminal is
                # sent SIGTTOU, and with its default action the program stopped before it started whenever the shell
                # had not yet given it the terminal (seen under load, once its signals were no longer blocked).
                os.tcsetpgrp(slave, os.getpid())
                for number in (signal.SIGTTOU, signal.SIGTTIN, signal.SIGTSTP, signal.SIGINT, signal.SIGQUIT):
                    signal.signal(number, signal.SIG_DFL)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                os.closerange(3, 256)
                os.execve(argv[0], argv, env)
            try:
                os.setpgid(child, child)
            except OSError:
                pass
            os.tcsetpgrp(slave, child)
            os.write(status_w, f"pid {child}\n".encode())
            while True:
                _, status = os.waitpid(child, os.WUNTRACED)
                if os.WIFSTOPPED(status):
                    os.tcsetpgrp(slave, os.getpid())
                    os.write(status_w, b"stopped\n")
                    os.read(command_r, 3)
                    os.tcsetpgrp(slave, child)
                    os.killpg(child, signal.SIGCONT)
                    continue
                code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
                os.write(status_w, f"exit {code}\n".encode())
                os._exit(0)
        except BaseException as error:
            os.write(status_w, f"error {error}\n".encode())
            os._exit(1)

    output = bytearray()
    cursor = 0
    status_buffer = b""
    messages = []

    def pump(timeout):
        nonlocal status_buffer
        readable, _, _ = select.select([master, status_r], [], [], max(0, timeout))
        if master in readable:
            try:
                data = os.read(master, 65536)
                output.extend(data)
            except OSError:
                pass
        if status_r in readable:
            status_buffer += os.read(status_r, 1024)
            while b"\n" in status_buffer:
                line, status_buffer = status_buffer.split(b"\n", 1)
                messages.append(line.decode())

    def wait_for(predicate, timeout, what):
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            pump(left)

    def message(prefix):
        for index, line in enumerate(messages):
            if line.startswith(prefix):
                del messages[index]
                return line
        return None

    pid = None
    try:
        wait_for(lambda: any(m.startswith(("pid", "error")) for m in messages), 10, "the program to start")
        started = message("pid") or ""
        if not started:
            raise RuntimeError(message("error"))
        pid = int(started.split()[1])
        for step in script.get("steps", []):
            if "expect" in step:
                text = step["expect"].encode()
                def found():
                    return output.find(text, cursor) >= 0
                wait_for(found, step.get("timeout", 10), repr(step["expect"]))
                cursor = output.find(text, cursor) + len(text)
            elif "send" in step:
                os.write(master, step["send"].encode())
            elif "kill" in step:
                os.kill(pid, getattr(signal, "SIG" + step["kill"]))
            elif "killpid" in step:
                os.kill(int(step["killpid"]), getattr(signal, "SIG" + step.get("signal", "KILL")))
            elif "quiet" in step:
                start = len(output)
                end = time.monotonic() + step["quiet"]
                while time.monotonic() < end:
                    pump(end - time.monotonic())
                result["quiet"].append(base64.b64encode(bytes(output[start:])).decode())
                cursor = len(output)
            elif "stopped" in step:
                wait_for(lambda: any(m == "stopped" for m in messages), step.get("timeout", 10), "the program to stop")
                message("stopped")
                result["stty"]["stopped"] = stty(slave)
            elif "fg" in step:
                os.write(command_w, b"fg\n")
        wait_for(lambda: any(m.startswith("exit") for m in messages), script.get("exitTimeout", 30), "the program to exit")
        result["status"] = int(message("exit").split()[1])
        # Whatever is still in the terminal's buffer.
        while True:
            readable, _, _ = select.select([master], [], [], 0.2)
            if not readable:
                break
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            output.extend(data)
        result["stty"]["after"] = stty(slave)
    except Exception as error:
        result["error"] = str(error)
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
                os.kill(pid, signal.SIGCONT)
            except OSError:
                pass
    finally:
        try:
            os.kill(shell, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(shell, 0)
    result["transcript"] = base64.b64encode(bytes(output)).decode()
    json.dump(result, sys.stdout)

main()
