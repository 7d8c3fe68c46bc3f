"""The floors: minimal Swift programs, built as the release binary is, whose peak RSS (and first sound) bound ours."""

from __future__ import annotations

import concurrent.futures
import importlib.util
import os
import re
import shutil
import statistics
import time
from pathlib import Path

from bench_common import Bench, HERE, command_output, run_measured
from bench_smaps import SmapsSampler, median_sample


# MARK: measure 3: peak memory, first run and repeat, text only, --version, and the floors


#: libpulse-simple opened with dlopen as the binary does (pa_simple, the shortest client): `connect` opens a stream of
#: 16-bit mono samples at 22 050 Hz on the default sink, `play(on:)` writes samples to it and drains them, and `play`
#: does both. Shared by the live, first-run and command-line floors.
FLOOR_PULSE = (
    "struct SampleSpec { var format: Int32; var rate: UInt32; var channels: UInt8 }\n"
    "typealias New = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, "
    "UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?\n"
    "typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int32>?) -> Int32\n"
    "typealias Drain = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32\n"
    "typealias Free = @convention(c) (OpaquePointer?) -> Void\n"
    "enum PulseSimple { nonisolated(unsafe) static let library = dlopen(\"libpulse-simple.so.0\", RTLD_NOW | RTLD_LOCAL) }  // opened on first use\n"
    "func connect() -> OpaquePointer? {\n"
    "    guard let pulseSimple = PulseSimple.library else { return nil }\n"
    "    let new = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_new\"), to: New.self)\n"
    "    var spec = SampleSpec(format: 3, rate: 22_050, channels: 1)  // PA_SAMPLE_S16LE, mono\n"
    "    var error: Int32 = 0\n"
    "    return withUnsafePointer(to: &spec) { new(nil, \"floor\", 1, nil, \"tone\", $0, nil, nil, &error) }\n"
    "}\n"
    "func play(on stream: OpaquePointer?, _ samples: () -> [Int16]) throws {\n"
    "    guard let pulseSimple = PulseSimple.library, let stream else { throw ExitCode(69) }\n"
    "    let write = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_write\"), to: Write.self)\n"
    "    let drain = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_drain\"), to: Drain.self)\n"
    "    let free = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_free\"), to: Free.self)\n"
    "    var error: Int32 = 0\n"
    "    guard samples().withUnsafeBytes({ write(stream, $0.baseAddress, $0.count, &error) }) == 0, drain(stream, &error) == 0\n"
    "    else { throw ExitCode(69) }\n"
    "    free(stream)\n"
    "}\n"
    "func play(_ samples: () -> [Int16]) throws { try play(on: connect(), samples) }\n"
)


FLOOR_SOURCES = {
    "FoundationEssentials": "import FoundationEssentials\nlet now = Date()\nif CommandLine.arguments.count > 5 { print(now) }\n",
    "ArgumentParser": ("import FoundationEssentials\nimport ArgumentParser\n"
                       "struct Empty: ParsableCommand {\n    static let configuration = CommandConfiguration(commandName: \"empty\", version: \"0\")\n"
                       "    func run() {}\n}\nEmpty.main()\n"),
    # The floor of a live session: ArgumentParser, and 0.5 s of a 440 Hz tone (a quarter of full scale from its second
    # sample: audible at once, the first-sound floor too) played and drained on the bench's sound server.
    "libpulse": ("import FoundationEssentials\nimport ArgumentParser\nimport Glibc\n" + FLOOR_PULSE +
                 "struct Live: ParsableCommand {\n    static let configuration = CommandConfiguration(commandName: \"live\", version: \"0\")\n"
                 "    func run() throws {\n"
                 "        try play { (0..<11_025).map { Int16(8000 * sin(Double($0) * 2 * Double.pi * 440 / 22_050)) } }\n"
                 "    }\n}\nLive.main()\n"),
    # The floor of a first run: the live floor, and eSpeak NG opened with dlopen as the binary does (synchronous mode,
    # its samples collected by the synthesis callback) saying "Breathe in", played and drained. The signatures are
    # <espeak-ng/speak_lib.h>'s, spelt without its header (AUDIO_OUTPUT_SYNCHRONOUS = 2, POS_CHARACTER = 1,
    # espeakCHARS_UTF8 = 1, espeakINITIALIZE_DONT_EXIT = 0x8000, as the binary passes).
    "espeak": ("import FoundationEssentials\nimport ArgumentParser\nimport Glibc\n" + FLOOR_PULSE +
               "typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutableRawPointer?) -> Int32\n"
               "typealias Initialize = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32\n"
               "typealias SetSynthCallback = @convention(c) (Callback?) -> Void\n"
               "typealias SetVoiceByName = @convention(c) (UnsafePointer<CChar>?) -> Int32\n"
               "typealias Synth = @convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32, "
               "UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32\n"
               "enum Phrase { nonisolated(unsafe) static var samples: [Int16] = [] }\n"
               "struct FirstRun: ParsableCommand {\n    static let configuration = CommandConfiguration(commandName: \"first-run\", version: \"0\")\n"
               "    func run() throws {\n"
               "        guard let library = dlopen(\"libespeak-ng.so.1\", RTLD_NOW | RTLD_LOCAL) else { throw ExitCode(69) }\n"
               "        let initialize = unsafeBitCast(dlsym(library, \"espeak_Initialize\"), to: Initialize.self)\n"
               "        let setSynthCallback = unsafeBitCast(dlsym(library, \"espeak_SetSynthCallback\"), to: SetSynthCallback.self)\n"
               "        let setVoiceByName = unsafeBitCast(dlsym(library, \"espeak_SetVoiceByName\"), to: SetVoiceByName.self)\n"
               "        let synth = unsafeBitCast(dlsym(library, \"espeak_Synth\"), to: Synth.self)\n"
               "        guard initialize(2, 0, nil, 0x8000) == 22_050, setVoiceByName(\"en\") == 0 else { throw ExitCode(69) }\n"
               "        setSynthCallback { wave, count, _ in\n"
               "            if let wave, count > 0 { Phrase.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count))) }\n"
               "            return 0\n"
               "        }\n"
               "        guard \"Breathe in\".withCString({ synth($0, strlen($0) + 1, 0, 1, 0, 1, nil, nil) }) == 0, !Phrase.samples.isEmpty\n"
               "        else { throw ExitCode(69) }\n"
               "        try play { Phrase.samples }\n"
               "    }\n}\nFirstRun.main()\n"),
    # The floor of first sound for breathe-voice's own command line: the program's command types parsed by
    # ArgumentParser exactly as the binary's Entry parses them (`Entry.parse`, the objects of the binary's
    # own build: validation included, the command not run), with the connection made on a second thread meanwhile, as
    # the binary makes it; then the live floor's tone. What any program with this command line must do before a sound.
    "command line": ("import ArgumentParser\nimport BreatheCommandLine\nimport Glibc\n" + FLOOR_PULSE +
                     "nonisolated(unsafe) var connected: OpaquePointer? = nil\n"
                     "var thread = pthread_t()\n"
                     "guard pthread_create(&thread, nil, { _ in connected = connect(); return nil }, nil) == 0 else { exit(71) }\n"
                     "do { _ = try Entry.parse(Array(CommandLine.arguments.dropFirst())) } catch { exit(64) }\n"
                     "pthread_join(thread, nil)\n"
                     "do { try play(on: connected) { (0..<11_025).map { Int16(8000 * sin(Double($0) * 2 * Double.pi * 440 / 22_050)) } } }\n"
                     "catch { exit(69) }\n"),
}
FLOOR_NAMES = {"FoundationEssentials": "empty program", "ArgumentParser": "+ ArgumentParser parsing `--version`",
               "libpulse": "+ ArgumentParser, libpulse playing 0.5 s (live floor)",
               "espeak": "+ ArgumentParser, eSpeak NG saying \"Breathe in\", played through libpulse (first-run floor)",
               "command line": "+ ArgumentParser parsing breathe-voice's own command line, libpulse playing 0.5 s"}
#: The first-sound run's arguments (measure_first_sound), given to breathe-voice and to the command-line floor alike.
FIRST_SOUND_ARGUMENTS = ["--pattern", "box", "--cycles", "1"]
FLOOR_ARGUMENTS = {"ArgumentParser": ["--version"]}
#: The floors only measure 2 uses (no peak-RSS runs).
FIRST_SOUND_FLOORS = {"command line"}
#: The floors that link the program's own modules (their objects from the binary's build), with their header-only
#: system-library modules (Sources/<name>/module.modulemap) and the package's name, as SwiftPM compiled them.
FLOOR_OWN_MODULES = {"command line": ["BreatheCommandLine", "BreatheVoiceKit", "BreatheSystem", "BreatheCore"]}
#: The system-library modules the Kit's interface needs found (every folder of Sources/ with a module map of its own:
#: CBrlAPI, CEspeakNG, CPulseAudio, CSpeechd), read from the tree so a new one is never missed.
SYSTEM_MODULES = sorted(path.parent.name for path in (HERE.parent / "Sources").glob("*/module.modulemap"))
#: The release binary's link (the Makefile's RELEASE_FLAGS): lld, packed relative relocations, identical code folding,
#: no exported symbols, the C++ runtime linked in (static_cxx_link); then linked again in the order of the functions its
#: run executes (scripts/link-order.py's `order`), as scripts/build-release.sh links the binary.
FLOOR_LINK = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--icf=safe",
              "-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-static-libgcc"]
FLOOR_COMPILE = ["-O"]


def _load_link_order():
    """scripts/link-order.py, which orders the release binary's link: the floors are ordered by the same code."""
    spec = importlib.util.spec_from_file_location("link_order", HERE.parent / "scripts" / "link-order.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LINK_ORDER = _load_link_order()


def build_floors(bench: Bench) -> dict[str, dict]:
    """Empty Swift programs, built here (never committed), whose peak RSS is the floor under our memory targets (see
    FLOOR_SOURCES; the ArgumentParser ones link the objects of the binary's own build, `<build>/ArgumentParser.build/*.o`;
    the libpulse and eSpeak NG ones play on the bench's sound server). Built once per part (the first measure that needs
    them) and shared. Each is built as the release binary is: static Swift runtime (-static-stdlib), FLOOR_COMPILE,
    FLOOR_LINK, then its own run under callgrind and a second link in that run's order (scripts/link-order.py, with the
    bench's environment and sound server); when -static-stdlib fails, a dynamic build, and the figure says so. Peak RSS:
    median of 3 runs; each run is sampled by SmapsSampler, and the run with the median sampled peak gives the floor's
    breakdown by part (`smaps`)."""
    if bench.floors is not None:
        return bench.floors
    bench.log("floors: building the empty Swift programs")
    started = time.monotonic()
    floors: dict[str, dict] = {}
    # Built (compiled, linked, profiled and linked again) side by side, as many at once as the machine has cores;
    # measured one at a time, on a quiet machine.
    static_cxx_link(bench)  # once, before the builds run side by side
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        built = dict(zip(FLOOR_SOURCES, pool.map(lambda item: build_floor(bench, *item), FLOOR_SOURCES.items())))
    for name, result in built.items():
        if isinstance(result, str):
            floors[name] = {"error": result}
            continue
        program, args, details = result
        if name in FIRST_SOUND_FLOORS:
            # Bounds no memory row: only its first sound is measured (measure 2).
            floors[name] = details
            bench.floor_programs[name] = program
            continue
        runs, samples = [], []
        for _ in range(3):
            sampler = SmapsSampler()
            runs.append(run_measured([str(program), *args], bench.env, name=f"floor-{name}", work=bench.work, timeout=60, on_start=sampler.on_start))
            samples.append(sampler.result())
        failed = [r for r in runs if r.code != 0]
        if failed:
            floors[name] = {"error": f"exit {failed[0].code}: {failed[0].first_error_line()}"}
            continue
        floors[name] = details | {"maxrss_kib": [r.maxrss_kib for r in runs], "mib": statistics.median(r.maxrss_kib for r in runs) / 1024,
                                  "smaps": median_sample(samples), "smaps_rss_kib": [s.get("rss_kib") for s in samples]}
        bench.floor_programs[name] = program
    bench.floors = floors
    bench.raw["floors"] = floors
    bench.raw["floors_seconds"] = round(time.monotonic() - started, 1)
    summary = ", ".join(f"{n} {f['mib']:.1f} MiB" if "mib" in f else f"{n}: {f.get('error', 'built')}" for n, f in floors.items())
    bench.log(f"floors: {summary} ({time.monotonic() - started:.0f} s)")
    return floors


def static_cxx_link(bench: Bench) -> list[str]:
    """The Makefile's STATIC_CXX for a floor's link: a folder searched first that holds only libstdc++.a (a link to the
    archive the toolchain's clang names), so the static runtime's `-lstdc++` links it in; none when there is no archive."""
    folder = bench.work / "static-libstdc++"
    if not (folder / "libstdc++.a").exists():
        clang = shutil.which("clang") or str(Path(os.path.realpath(shutil.which("swiftc") or "swiftc")).parent / "clang")
        code, text = command_output([clang, "-print-file-name=libstdc++.a"], timeout=30)
        archive = Path(text.strip()) if code == 0 else None
        if archive is None or not archive.is_file():
            return []
        folder.mkdir(exist_ok=True)
        (folder / "libstdc++.a").symlink_to(archive)
    return ["-L", str(folder)]


def build_floor(bench: Bench, name: str, source: str) -> tuple[Path, list[str], dict] | str:
    """One floor of FLOOR_SOURCES compiled, linked, run under callgrind and linked again in its order (build_floors):
    the program, its arguments and how it was built, or why it could not be."""
    build = bench.binary.parent
    path, obj = bench.work / f"floor-{name}.swift", bench.work / f"floor-{name}.o"
    path.write_text(source)
    include: list[str] = []
    objects: list[str] = []
    if name != "FoundationEssentials":
        found = sorted(build.glob("ArgumentParser.build/*.o")) + sorted(build.glob("ArgumentParserToolInfo.build/*.o"))
        if not found or not (build / "Modules").is_dir():
            return f"no ArgumentParser objects under {build}"
        include, objects = ["-I", str(build / "Modules")], list(map(str, found))
    if name in FLOOR_OWN_MODULES:
        own = [current_objects(build, module) for module in FLOOR_OWN_MODULES[name]]
        package = package_name(build)
        if not all(own) or package is None:
            return f"no objects of {', '.join(FLOOR_OWN_MODULES[name])} or no package name under {build}"
        objects += [str(o) for module in own for o in module]
        include += ["-package-name", package]
        for module in SYSTEM_MODULES:
            include += ["-I", str(HERE.parent / "Sources" / module)]
    args = first_sound_arguments(bench) if name == "command line" else FLOOR_ARGUMENTS.get(name, [])
    code, text = command_output(["swiftc", *FLOOR_COMPILE, *include, "-c", str(path), "-o", str(obj)], timeout=300)
    if code != 0:
        return f"swiftc failed: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    exe = bench.work / f"floor-{name}"
    linking = "static"
    code, text = command_output(["swiftc", "-static-stdlib", *FLOOR_LINK, *static_cxx_link(bench), str(obj), *objects, "-o", str(exe)],
                                timeout=300)
    if code != 0:
        linking = "dynamic (-static-stdlib failed)"
        code, text = command_output(["swiftc", str(obj), *objects, "-o", str(exe)], timeout=300)
    if code != 0:
        return f"swiftc failed: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    try:
        functions = LINK_ORDER.order(exe, [args], bench.env)
    except (RuntimeError, OSError) as error:
        return f"its run under callgrind failed: {str(error)[-80:]}"
    order = bench.work / f"floor-{name}.order"
    order.write_text("".join(f"{function}\n" for function in functions))
    static = ["-static-stdlib", *FLOOR_LINK, *static_cxx_link(bench)] if linking == "static" else []
    code, text = command_output(["swiftc", *static, "-Xlinker", f"--symbol-ordering-file={order}", str(obj), *objects,
                                 "-o", str(exe)], timeout=300)
    if code != 0:
        return f"its ordered link failed: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    return exe, args, {"linking": linking, "ordered_functions": len(functions)}


def current_objects(build: Path, module: str) -> list[Path]:
    """The objects of one of the package's modules in `build` whose source is still in the tree, or made by a plugin
    (the embedded locales): a build folder keeps the object of a file renamed or removed since, whose symbols would be
    linked beside the ones that replaced them."""
    generated = (build.parent.parent / "plugins" / "outputs").glob(f"*/{module}/**/*.swift")
    sources = {path.name for path in [*(HERE.parent / "Sources" / module).rglob("*.swift"), *generated]}
    return sorted(obj for obj in build.glob(f"{module}.build/*.o") if obj.name.removesuffix(".o") in sources)


def package_name(build: Path) -> str | None:
    """The name SwiftPM compiled the package's own modules with (`-package-name`, from the build's description,
    `.build/release.yaml` beside `.build/<triple>/release`: the root package's identity, which follows the folder's
    name), or None when there is none."""
    for description in (build.parent / f"{build.name}.yaml", build.parent.parent / f"{build.name}.yaml"):
        try:
            text = description.read_text()
        except OSError:
            continue
        names = [name for name in re.findall(r'-package-name","([^"]+)"', text) if name != "swift_argument_parser"]
        if names:
            return names[0]
    return None


def first_sound_arguments(bench: Bench) -> list[str]:
    """The first-sound runs' arguments: a one-cycle box session, refusing to fall back to text when it can."""
    return FIRST_SOUND_ARGUMENTS + (["--require-audio"] if bench.caps["require_audio"] else [])


def floor_text(floors: dict, name: str) -> str:
    """The floor a row names, as its target cell shows it: "floor: 8.1 MiB + ArgumentParser …" (or why it has none)."""
    floor = floors.get(name)
    if not name or floor is None:
        return ""
    if "mib" not in floor:
        return f"floor {FLOOR_NAMES.get(name, name)}: n/a ({floor.get('error', 'not built')})"
    return f"floor: {floor['mib']:.1f} MiB {FLOOR_NAMES.get(name, '+ ' + name)}{floor_notes(floor)}"


def floor_notes(floor: dict) -> str:
    """How a floor was not linked like the release binary, if it was not: ", dynamic (-static-stdlib failed)"."""
    return f", {floor['linking']}" if floor.get("linking", "static") != "static" else ""
