# breathe-voice: see README.md. `make demo` runs a short session; `make test` runs every test.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BINARY_DEBUG = .build/debug/breathe-voice
BINARY_RELEASE = .build/release/breathe-voice

.PHONY: all deps build release demo test bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# A one-minute box session, spoken if a sound server is reachable, in plain text otherwise.
demo: release
	$(BINARY_RELEASE) --pattern box --minutes 1

# Every test, against a private PulseAudio server with a null sink.
test: build
	scripts/with-pulse.sh $(SWIFT) test

clean:
	rm -rf .build

# Benchmarks (issue 7): breathe-voice beside its peers, on a private PulseAudio server; not part of `make test` or CI.
# Under 10 minutes. Writes Benchmarks/RESULTS.md and Benchmarks/results.json (commit them after a real run).
.PHONY: bench-selftest
bench: release
	scripts/with-pulse.sh python3 Benchmarks/bench.py --binary $(BINARY_RELEASE) --out Benchmarks

# The onset detector's self-test on synthetic signals (bench runs it first as well).
bench-selftest:
	python3 Benchmarks/selftest.py
