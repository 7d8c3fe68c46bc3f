#!/usr/bin/env bash
# System test of reminders from cron (issue 6), for CI running as root on Debian. Not part of `make test`.
#
# It installs cron if needed, creates a throwaway user, has that user install a reminder for every minute through the
# real crontab(1) with `breathe-voice schedule add`, starts the cron daemon if it is not running, and waits (at most
# 150 s) for cron to run the reminder and for the reminder to leave a `"source": "cron"` record in the user's history.
# Afterwards it removes the user's crontab, the user and its home, and stops the daemon if it started it. Root's own
# crontab is never written: every crontab call names the throwaway user, and the script checks root's is unchanged.
#
# The throwaway user has no sound server, so the reminder runs with --allow-silent. The binary is run from a directory
# whose name holds `%` and `\%`, so that cron's own %-processing of the line is tried too. The reminder is scheduled
# from a "shell" whose XDG_CONFIG_HOME and XDG_STATE_HOME are folders with spaces, quotes, `%` and `$` in their names,
# and plays a pattern saved there: it must find that pattern and record into that history (issue 50), never into
# ~/.local/state.
#
# Usage: sudo scripts/system-test-cron.sh [PATH-TO-BINARY]   (default: .build/debug/breathe-voice)
set -euo pipefail

[ "$(id -u)" -eq 0 ] || { echo "system-test-cron: run me as root (I create a user and start cron)" >&2; exit 77; }
command -v apt-get >/dev/null || { echo "system-test-cron: needs Debian (apt-get)" >&2; exit 77; }

root_dir=$(cd "$(dirname "$0")/.." && pwd)
source_binary=${1:-$root_dir/.build/debug/breathe-voice}
[ -x "$source_binary" ] || { echo "system-test-cron: no binary at $source_binary (run swift build first)" >&2; exit 66; }

if ! command -v crontab >/dev/null || ! command -v cron >/dev/null; then
  echo "system-test-cron: installing cron" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends cron >/dev/null
fi

root_crontab_before=$(crontab -l -u root 2>/dev/null | sha256sum || true)

work=$(mktemp -d /tmp/breathe-voice-systest.XXXXXX)
chmod 755 "$work"
user="bvtest$$"
home="$work/home"
started_cron=""
user_created=""

cleanup() {
  status=$?
  set +e
  if [ -n "$user_created" ]; then
    crontab -r -u "$user" 2>/dev/null
    pkill -KILL -u "$user" 2>/dev/null   # only the throwaway user's own processes, if a reminder is still running
    userdel -r "$user" 2>/dev/null || userdel "$user"
  fi
  if [ -n "$started_cron" ]; then
    kill "$started_cron" 2>/dev/null
    wait "$started_cron" 2>/dev/null
  fi
  rm -rf "$work"
  root_crontab_after=$(crontab -l -u root 2>/dev/null | sha256sum || true)
  if [ "$root_crontab_before" != "$root_crontab_after" ]; then
    echo "system-test-cron: FAIL: root's crontab changed" >&2
    status=1
  fi
  exit $status
}
trap cleanup EXIT

# The binary goes where the throwaway user can run it; the crontab line will name this absolute path. The path holds
# a `%` and a `\%`, which cron itself reads before the shell does (an unescaped `%` ends the command, `\%` is a `%`):
# the reminder running at all shows the line quotes them right.
bin_dir="$work/bin/100%/a\\%b"
mkdir -p "$bin_dir"
chmod -R 755 "$work/bin"
install -m 755 "$source_binary" "$bin_dir/breathe-voice"
binary="$bin_dir/breathe-voice"
# How the crontab line must spell it: each % outside single quotes as \%, the backslash of the path inside them.
cron_binary="$work/bin/100\\%'/a\\'\\%b/breathe-voice"

useradd --create-home --home-dir "$home" --shell /bin/sh "$user"
user_created=yes
uid=$(id -u "$user")

as_user() {
  runuser -u "$user" -- env -i HOME="$home" PATH=/usr/bin:/bin LOGNAME="$user" USER="$user" LC_ALL=C "$@"
}

# The shell's own folders, as a user may set them in their profile.
config_dir="$home/my config 100% \$HOME"
state_dir="$home/it's my \"state\""
as_shell() {
  as_user XDG_CONFIG_HOME="$config_dir" XDG_STATE_HOME="$state_dir" "$@"
}
as_shell "$binary" patterns add sysbreath 1-0-1
as_shell "$binary" schedule add --every 1m --pattern sysbreath --minutes 0.1 --allow-silent
echo "system-test-cron: $user's crontab:" >&2
crontab -l -u "$user" >&2
line=$(crontab -l -u "$user" | grep -v '^#')
case "$line" in
  "* * * * * XDG_RUNTIME_DIR=/run/user/$uid XDG_CONFIG_HOME="*" XDG_STATE_HOME="*" $cron_binary remind --pattern sysbreath --minutes 0.1 --allow-silent") ;;
  *) echo "system-test-cron: FAIL: the crontab line is not as expected" >&2; exit 1 ;;
esac

if ! pgrep -x cron >/dev/null; then
  # In the foreground, as our child: its pid is known for sure. (Read from /run/crond.pid, a file left by an earlier
  # run's cron named a process long gone, the cleanup's kill missed, and the daemon outlived the test; a later run then
  # took it as the system's cron, which, started in another mount namespace, saw another /tmp and never ran the job.)
  cron -f &
  started_cron=$!
  echo "system-test-cron: started cron (pid $started_cron)" >&2
fi

# cron runs the job at the start of the next minute; the reminder then takes a few seconds and records itself.
history="$state_dir/breathe-voice/history.jsonl"
lock="$state_dir/breathe-voice/session.lock"
default_history="$home/.local/state/breathe-voice/history.jsonl"
deadline=$((SECONDS + 150))
while [ $SECONDS -lt $deadline ]; do
  if [ -f "$history" ] && grep -Eq '"source" *: *"cron"' "$history"; then
    echo "system-test-cron: ok: cron ran the reminder and it recorded itself:" >&2
    grep -E '"source" *: *"cron"' "$history" | tail -n 1 >&2
    if ! grep -Eq '"name" *: *"sysbreath"' "$history" || grep -Eq '"status" *: *"failed"' "$history"; then
      echo "system-test-cron: FAIL: the reminder did not play the pattern saved in the shell's XDG_CONFIG_HOME" >&2
      exit 1
    fi
    if [ -e "$default_history" ]; then
      echo "system-test-cron: FAIL: the reminder also wrote $default_history, which the shell does not read" >&2
      exit 1
    fi
    # What the user's own history command, in that shell, reads.
    as_shell "$binary" history | grep -q 'sysbreath' \
      || { echo "system-test-cron: FAIL: the shell's history does not list the reminder" >&2; exit 1; }
    exit 0
  fi
  sleep 2
done

echo "system-test-cron: FAIL: no history record with source cron in $history after 150 s" >&2
if [ -f "$lock" ]; then
  echo "system-test-cron: (cron did run remind: its lock file $lock exists, held last by pid $(cat "$lock"))" >&2
else
  echo "system-test-cron: (no sign that cron ran remind at all: no lock file at $lock)" >&2
fi
exit 1
