#!/usr/bin/python3
"""A stand-in for systemd-logind's Inhibit(), on a private bus, for the tests of a session's sleep inhibitor.

logind itself needs systemd as process 1, which the tests' machines lack; this answers the one call the program makes
as logind does: it owns org.freedesktop.login1, answers Manager.Inhibit(what, who, why, mode) with a descriptor (one end
of a pipe), and logs each call and the moment its holder lets it go (the pipe's other end hangs up), one line each:
"ready", "inhibit WHAT|WHO|WHY|MODE", "released".

Usage: scripts/logind-stand-in.py ADDRESS LOG   (ADDRESS: the private bus's D-Bus address)
Debian's own Python (/usr/bin/python3), which has python3-dbus and python3-gi, whatever python3 the PATH finds first.
"""
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

address, log_path = sys.argv[1], sys.argv[2]


def log(line):
    with open(log_path, "a", encoding="utf-8") as log_file:
        log_file.write(line + "\n")


class Manager(dbus.service.Object):
    @dbus.service.method("org.freedesktop.login1.Manager", in_signature="ssss", out_signature="h")
    def Inhibit(self, what, who, why, mode):
        read_end, write_end = os.pipe()
        log(f"inhibit {what}|{who}|{why}|{mode}")

        def released(descriptor, condition):
            log("released")
            os.close(descriptor)
            return False

        GLib.io_add_watch(read_end, GLib.PRIORITY_DEFAULT, GLib.IO_HUP | GLib.IO_ERR, released)
        answer = dbus.types.UnixFd(write_end)  # a copy: ours is closed, so the holder's is the only one
        os.close(write_end)
        return answer


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)
name = dbus.service.BusName("org.freedesktop.login1", bus)
Manager(bus, "/org/freedesktop/login1")
log("ready")
GLib.MainLoop().run()
