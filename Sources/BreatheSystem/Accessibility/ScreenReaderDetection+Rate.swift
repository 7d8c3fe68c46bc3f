extension ScreenReaderDetection {
    /// How fast a found screen reader speaks, in eSpeak NG's words a minute, where its settings say so: Fenrir
    /// speaking through speech-dispatcher's espeak-ng module (its `[speech] rate`, 0 to 1, from the settings file its
    /// command line names with `-s`, else its default one, and `-o speech#rate=…`;
    /// turned into speech-dispatcher's -100 to 100 as Fenrir does, then into words a minute as the espeak-ng module
    /// does, with its `EspeakMinRate`, `EspeakNormalRate` and `EspeakMaxRate`). Nil where it cannot be known: another
    /// reader, another speech driver or module.
    package func wordsPerMinute(of found: Found) -> Int? {
        guard found.reader == .fenrir, let process = found.process,
            let bytes = readFile("/proc/\(process)/cmdline")
        else { return nil }
        let arguments = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        // Its argparse: the last `-s` and the last `-o` count.
        var file: String?
        var options = ""
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "-s", "--setting": file = next ?? file
            case "-o", "--options": options = next ?? options
            default:
                if argument.hasPrefix("--setting=") { file = String(argument.dropFirst("--setting=".count)) }
                if argument.hasPrefix("--options=") { options = String(argument.dropFirst("--options=".count)) }
                index += 1
                continue
            }
            index += 2
        }
        // "section#option=value;…", as Fenrir splits it.
        var overrides: [String: String] = [:]
        for option in options.split(separator: ";") {
            let parts = option.split(separator: "#", maxSplits: 1)
            guard parts.count == 2, parts[0] == "speech" else { continue }
            let pair = parts[1].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair.count == 2 { overrides[String(pair[0])] = String(pair[1]) }
        }
        // Its default file, else the one it falls back on.
        let settings =
            readFile(file ?? "/etc/fenrir/settings/settings.conf")
            ?? readFile("/etc/fenrirscreenreader/settings/settings.conf")
        var speech = settings.map { Self.section("speech", of: $0) } ?? [:]
        speech.merge(overrides) { $1 }
        guard (speech["driver"] ?? "speechdDriver") == "speechdDriver",
            let rate = Double(speech["rate"] ?? "0.75"), (0...1).contains(rate)
        else { return nil }
        let module = speech["module"] ?? ""
        guard module.isEmpty || module == "espeak-ng" || module == "espeak-ng-mbrola" else { return nil }
        // Fenrir: int(-100 + rate * 200), truncated toward zero.
        return dispatcherWordsPerMinute(Int(-100 + rate * 200))
    }

    /// The words a minute speech-dispatcher's espeak-ng module speaks at a rate of -100 to 100 (its espeak_set_rate,
    /// in C's integer arithmetic, with the `EspeakMinRate`, `EspeakNormalRate` and `EspeakMaxRate` of its
    /// configuration, `/etc/speech-dispatcher/modules/espeak-ng.conf`): 0, a client that sets no rate, is 170.
    package func dispatcherWordsPerMinute(_ dispatcherRate: Int) -> Int {
        var limits = ["EspeakMinRate": 80, "EspeakNormalRate": 170, "EspeakMaxRate": 449]
        if let configuration = readFile("/etc/speech-dispatcher/modules/espeak-ng.conf") {
            for line in String(decoding: configuration, as: UTF8.self).split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.count >= 2, limits[String(words[0])] != nil, let value = Int(words[1]) {
                    limits[String(words[0])] = value
                }
            }
        }
        let normal = limits["EspeakNormalRate"]!
        let low = limits["EspeakMinRate"]!
        let high = limits["EspeakMaxRate"]!
        return dispatcherRate < 0
            ? normal + (normal - low) * dispatcherRate / 100 : normal + (high - normal) * dispatcherRate / 100
    }

    /// The `key=value` lines of one `[section]` of an INI file (Fenrir's settings).
    static func section(_ name: String, of bytes: [UInt8]) -> [String: String] {
        var values: [String: String] = [:]
        var inside = false
        func trimmed(_ text: Substring) -> String {
            String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        }
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let line = trimmed(raw)
            if line.hasPrefix("[") {
                inside = line == "[\(name)]"
                continue
            }
            guard inside, !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") else {
                continue
            }
            values[trimmed(line[..<equals])] = trimmed(line[line.index(after: equals)...])
        }
        return values
    }
}
