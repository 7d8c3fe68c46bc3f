# breathe-voice: see README.md (users: docs/user-guide.md; contributors: docs/contributing.md).
# `make demo` runs a short session; `make test` runs every test.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BINARY_DEBUG = .build/debug/breathe-voice
BINARY_RELEASE = .build/release/breathe-voice

.PHONY: all deps build release demo test lint format bench clean generated install uninstall deb

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The Swift runtime and FoundationEssentials (which swift-argument-parser imports) are linked in statically: no
# dynamic relocation of their libraries at start, about 3 MB less peak memory, and a binary that runs without the
# toolchain's libraries (copied elsewhere, or from cron). lld with packed relative relocations (glibc 2.36's DT_RELR: a
# relocation table of a few KB instead of about 1 MB, read at every start) and identical code folding: about 1 MiB less
# peak memory. --no-export-dynamic undoes the -export-dynamic of the static runtime's link arguments: nothing loads
# symbols from the program, and every library libpulse loads would search its thousands of exported names.
#
# The C++ runtime the Swift runtime uses is linked in too (libstdc++.a, libgcc_eh.a), as the Swift runtime is: no library
# the program loads needs libstdc++.so, whose loading and relocation at every start cost 1.2 MiB of peak memory. The
# static runtime's link arguments name `-lstdc++`, which lld takes from the first folder that has libstdc++.so or
# libstdc++.a; STATIC_CXX is searched first and holds only the archive (a link to the one the toolchain's clang uses).
#
# The functions the program's own runs execute are linked first, together (LINK_ORDER, --symbol-ordering-file): about
# 2 MiB less peak memory in every run. scripts/build-release.sh makes that order from the binary it has just built,
# under Valgrind (a live session among its runs, played to a private PulseAudio server), and links again in it; the
# order lives under .build and is never committed (scripts/link-order.py).
STATIC_CXX = $(CURDIR)/.build/static-libstdc++
LINK_ORDER = $(CURDIR)/.build/link-order.txt
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --icf=safe -Xlinker --no-export-dynamic \
	-Xswiftc -L$(STATIC_CXX) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering
CLANG ?= $(or $(shell command -v clang),$(dir $(realpath $(shell command -v swiftc)))clang)
BUILD_RELEASE = SWIFT='$(SWIFT)' RELEASE_FLAGS='$(RELEASE_FLAGS)' LINK_ORDER='$(LINK_ORDER)' scripts/build-release.sh

$(STATIC_CXX)/libstdc++.a:
	@archive=$$($(CLANG) -print-file-name=libstdc++.a) && test -f "$$archive" \
	  || { echo "make: no libstdc++.a ($(CLANG) -print-file-name=libstdc++.a); install libstdc++-dev" >&2; exit 1; }; \
	mkdir -p $(STATIC_CXX) && ln -sf "$$archive" $@

release: deps $(STATIC_CXX)/libstdc++.a
	@$(BUILD_RELEASE)

# A one-minute box session that always works: spoken when a sound server answers; otherwise one line says so, the
# same session is rendered to $(DEMO_WAV) and shown as text in real time. Exit 0 both ways. DEMO_BINARY may name
# another build of the program (the test of `make demo` uses the debug build).
DEMO_BINARY ?= $(BINARY_RELEASE)
DEMO_WAV ?= demo.wav
demo: deps $(DEMO_BINARY)
	$(DEMO_BINARY) demo --wav $(DEMO_WAV)

# The formatting of every Swift file, as `.swift-format` configures it (the toolchain's `swift format`): `make format`
# rewrites the tree, `make lint` (part of `make test`) fails on any file that differs from it.
SWIFT_FILES = Sources Tests Plugins Package.swift
# `package` only where another module uses it (scripts/package-surface.py): `make lint` fails on a `package`
# declaration no other module names, or when there are PACKAGE_LIMIT or more. Issue 28 set fewer than 450 when the
# core was the one boundary; issues 49-53 brought it to 510. Issue 53 made the compiler hold the layers: the system
# module (files, signals, the terminal, locales, every adapter over a C library) between the core and the Kit, and
# the command line over the Kit, so what the session uses of the system module, and the commands of both, is
# `package` too: 1302 then (the core 473, the system module 574, the Kit 239, the command line 6, with the entry's
# and the benchmark's). Every one left was found needed by a build without it (`scripts/package-surface.py --apply
# --build 'swift build'` demotes what it can prove unneeded; it keeps more than a build needs, since it gives back by
# name where an error names no declaration, and the Kit's many `Options` and `run` share names). Entry.swift is read
# as used: `Entry.parse` is also called by the benchmark's floor.
PACKAGE_LIMIT = 1320
PACKAGE_USED_ELSEWHERE = --exclude 'Sources/BreatheCommandLine/Commands/Support/Entry.swift'
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)
	python3 scripts/package-surface.py --limit $(PACKAGE_LIMIT) $(PACKAGE_USED_ELSEWHERE)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

# Every check, in stages that overlap where they can, each saying how long it took (scripts/make-test.sh): only in CI
# as root (CI=true: the system tests change the system), the release build first, alone; then the debug build with the
# tests, and beside it lint and, in CI, the Debian package built (release binary, lintian), installed with apt-get, run
# and purged (scripts/system-test-deb.sh) and the release binary run by the real cron daemon for a throwaway user
# (scripts/system-test-cron.sh); then every test against a private PulseAudio server with a null sink and a private
# speech-dispatcher speaking into it, and the suites that need a sound server (LIVE_SUITES) once more against a private
# PipeWire (pipewire-pulse), in jobs that each have servers of their own (scripts/test-swift.sh), with nothing else
# beside them. TEST_JOBS sets how many test jobs run at once, FENRIR_JOBS how many sessions inside Fenrir.
LIVE_SUITES = LiveAudioTests|PendingPulseSinkTests|LivePulseSinkTests|RemindDeferLiveTests
test:
	@SWIFT='$(SWIFT)' LIVE_SUITES='$(LIVE_SUITES)' scripts/make-test.sh

# --- The terminal: completions, man page, install (see docs/user-guide.md, "At the terminal" and "Install") ---
# The man pages and completions are made from a binary and Locales/ (scripts/generate-files.sh) wherever they are
# needed, and never committed: every page and completion lists the languages, so a committed copy would go stale with
# every locale file added (a language is one file).
BINDIR = $(PREFIX)/bin
MANROOT = $(PREFIX)/share/man
MANDIR = $(MANROOT)/man1
BASH_COMPLETION_DIR = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR = $(PREFIX)/share/fish/vendor_completions.d

# Writes the man pages (man/CODE/breathe-voice.1, English's in man/en) and the completions (completions/) of the debug
# build into the tree, to read or try before installing (`man -l man/en/breathe-voice.1`,
# `source completions/breathe-voice.bash`). git ignores both folders; the old ones are removed first, so a language
# whose file is gone leaves no page behind.
generated: build
	rm -rf man completions
	scripts/generate-files.sh $(BINARY_DEBUG) .

# Installs the release binary (stripped: symbols nobody reads at run time), the man pages (English in man1, every other
# language in its own folder, pt-BR's in pt_BR) and the three completions; nothing else. The pages and completions are
# made here from the binary being installed and Locales/ (scripts/generate-files.sh), so they always describe it: a
# language whose file was just added is installed with its page and its words. INSTALL_BINARY may name another build of
# the same program (the install test uses the debug build to avoid a second build while testing).
INSTALL_BINARY ?= $(BINARY_RELEASE)
install: $(INSTALL_BINARY)
	@staging=$$(mktemp -d) && trap 'rm -rf "$$staging"' EXIT && \
	scripts/generate-files.sh $(INSTALL_BINARY) "$$staging" && \
	install -D -m 755 -s $(INSTALL_BINARY) $(DESTDIR)$(BINDIR)/breathe-voice && \
	python3 scripts/generate-man.py --list | while read -r code page; do \
	  folder=$(DESTDIR)$(MANDIR); [ "$$code" = en ] || folder=$(DESTDIR)$(MANROOT)/$$(echo $$code | tr - _)/man1; \
	  install -D -m 644 "$$staging/$$page" $$folder/breathe-voice.1 || exit 1; done && \
	install -D -m 644 "$$staging/completions/breathe-voice.bash" $(DESTDIR)$(BASH_COMPLETION_DIR)/breathe-voice && \
	install -D -m 644 "$$staging/completions/_breathe-voice" $(DESTDIR)$(ZSH_COMPLETION_DIR)/_breathe-voice && \
	install -D -m 644 "$$staging/completions/breathe-voice.fish" $(DESTDIR)$(FISH_COMPLETION_DIR)/breathe-voice.fish

uninstall:
	python3 scripts/generate-man.py --list | while read -r code page; do \
	  [ "$$code" = en ] || rm -f $(DESTDIR)$(MANROOT)/$$(echo $$code | tr - _)/man1/breathe-voice.1; done
	rm -f $(DESTDIR)$(BINDIR)/breathe-voice $(DESTDIR)$(MANDIR)/breathe-voice.1 \
	  $(DESTDIR)$(BASH_COMPLETION_DIR)/breathe-voice $(DESTDIR)$(ZSH_COMPLETION_DIR)/_breathe-voice \
	  $(DESTDIR)$(FISH_COMPLETION_DIR)/breathe-voice.fish

# breathe-voice_<version>_<arch>.deb in .build/deb: the stripped release binary, the man pages and the completions
# (made from that binary and Locales/, as make install makes them) at Debian's paths, Depends: from dpkg-shlibdeps;
# lintian must find no error. DEB_BINARY may name another build.
DEB_BINARY ?= $(BINARY_RELEASE)
deb: deps $(DEB_BINARY)
	scripts/build-deb.sh $(DEB_BINARY) .build/deb

$(BINARY_RELEASE): Package.swift $(shell find Sources Plugins Locales -type f 2>/dev/null) | $(STATIC_CXX)/libstdc++.a
	@$(BUILD_RELEASE)

clean:
	rm -rf .build man completions

# Benchmarks (issues 7, 13): breathe-voice beside its peers on a private PulseAudio server (scripts/with-pulse.sh; the
# peers on a second one), then on a private PipeWire (scripts/with-pipewire.sh), merged into one table; not part of
# `make test` or CI. About 23½ minutes on 2 cores, and 3½ more for measure 9 (the desktop servers). Writes
# Benchmarks/RESULTS.md and Benchmarks/results.json (commit them after a real run). `make bench-full` runs the xrun
# check as issue 13 asks (5 runs of 2 minutes): about 9 minutes more.
.PHONY: bench-selftest bench-full
bench: release
	python3 Benchmarks/bench.py --binary $(BINARY_RELEASE) --out Benchmarks

bench-full: release
	python3 Benchmarks/bench.py --binary $(BINARY_RELEASE) --out Benchmarks --full

# The onset detector's self-test on synthetic signals (bench runs it first as well).
bench-selftest:
	python3 Benchmarks/selftest.py
