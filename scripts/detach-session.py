#!/usr/bin/env python3
"""A small session keeper, as dtach, abduco and zellij are, for the tests: a program runs in a pseudo-terminal whose
master side is held by a process that forks away (its own session, no terminal, init its parent), and a client
attached later relays the session to the client's own terminal over a Unix socket. No name of it is known to
breathe-voice: screen-reader detection must follow the terminal's master side to the client.

Usage: detach-session.py new SOCKET COMMAND [ARG...]   starts COMMAND in a kept session (returns once it listens)
       detach-session.py attach SOCKET                  relays this terminal to the session until the session ends

While a client is attached, SOCKET.attached exists (the tests wait for it); SOCKET.pid holds the master's process id.
"""
import fcntl, os, pty, select, signal, socket, struct, sys, termios, tty


def serve(path, master, child):
    """The master: relays the pane's output to every client and their input to the pane, until the pane ends."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(4)
    clients = []
    marker = path + ".attached"
    with open(path + ".pid", "w") as out:
        out.write("%d\n" % os.getpid())
    os.write(1, b"ready\n")
    os.close(1)
    os.open(os.devnull, os.O_WRONLY)
    try:
        while True:
            ready, _, _ = select.select([master, listener] + clients, [], [])
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if not data:
                    return
                for client in list(clients):
                    try:
                        client.sendall(data)
                    except OSError:
                        clients.remove(client)
                        client.close()
            if listener in ready:
                client, _ = listener.accept()
                clients.append(client)
                open(marker, "w").close()
            for client in [client for client in clients if client in ready]:
                try:
                    data = client.recv(65536)
                except OSError:
                    data = b""
                if data:
                    os.write(master, data)
                else:
                    clients.remove(client)
                    client.close()
            if not clients and os.path.exists(marker):
                os.unlink(marker)
    finally:
        for client in clients:
            client.close()
        for name in (path, marker, path + ".pid"):
            try:
                os.unlink(name)
            except FileNotFoundError:
                pass
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass


def new(path, command):
    """Starts the master, away from the caller's terminal and process tree, and returns once it listens."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 120, 0, 0))
    ready_read, ready_write = os.pipe()
    if os.fork() == 0:
        os.close(ready_read)
        os.setsid()
        if os.fork() != 0:
            os._exit(0)
        # The master: no terminal, standard descriptors on /dev/null but for the pipe that says it listens.
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 2)
        os.dup2(ready_write, 1)
        # Nothing of the caller's is kept open (a test's pipes would never see their end).
        low, high = sorted((master, slave))
        os.closerange(3, low)
        os.closerange(low + 1, high)
        os.closerange(high + 1, 65536)
        child = os.fork()
        if child == 0:
            os.close(master)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for descriptor in (0, 1, 2):
                os.dup2(slave, descriptor)
            os.close(slave)
            os.execvp(command[0], command)
        os.close(slave)
        try:
            serve(path, master, child)
        finally:
            os._exit(0)
    os.close(ready_write)
    os.close(slave)
    os.close(master)
    answer = os.read(ready_read, 16)
    os.wait()
    if answer != b"ready\n":
        raise SystemExit("detach-session: the master did not start")


def attach(path):
    """The client: this terminal in raw mode, relayed both ways until the session ends."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    saved = termios.tcgetattr(0) if os.isatty(0) else None
    if saved:
        tty.setraw(0)
    try:
        while True:
            ready, _, _ = select.select([0, connection], [], [])
            if connection in ready:
                data = connection.recv(65536)
                if not data:
                    return
                os.write(1, data)
            if 0 in ready:
                data = os.read(0, 4096)
                if not data:
                    return
                connection.sendall(data)
    finally:
        if saved:
            termios.tcsetattr(0, termios.TCSADRAIN, saved)


def main():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    if len(sys.argv) >= 4 and sys.argv[1] == "new":
        new(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 3 and sys.argv[1] == "attach":
        attach(sys.argv[2])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
