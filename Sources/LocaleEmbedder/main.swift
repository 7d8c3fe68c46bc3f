// Build-time tool for the EmbedLocales plugin: reads every locale file and writes one Swift file that holds their
// sentences, already checked, as one string literal per file.
// Usage: LocaleEmbedder OUTPUT.swift Locales/ (or Locales/en.json Locales/es.json …)
//
// A malformed file (not a JSON object, or a member that is neither a string nor an object of the plural forms "one"
// and "other" as strings, and optionally "=1", or `_` metadata that is not a string, a list of strings or an object of
// strings, or a `_plural` rule the program does not know) stops the build with one line naming it. Metadata lists are
// joined with spaces (`"_feminine": ["unit.hours", …]`), metadata objects flattened into one member per key
// (`"_numbers.feminine": {"21": "vingt et une"}` becomes `_numbers.feminine.21`). The `_man.` members (the man page's
// sections) are left out: only scripts/generate-man.py reads them.
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("LocaleEmbedder: \(message)\n".utf8))
    exit(65)
}

let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
    FileHandle.standardError.write(Data("usage: LocaleEmbedder OUTPUT INPUT…\n".utf8))
    exit(64)
}

/// One member of a locale file: a sentence, or its plural forms.
enum Entry {
    case text(String)
    /// `exactlyOne` ("=1"), when there is one, is said for the whole number 1 only: French "une seconde", where
    /// `one` ("{n} seconde") serves 0 and 1.5 too.
    case plural(one: String, other: String, exactlyOne: String?)
}

/// The inputs: files, and folders whose `*.json` files are read (the plugin names Locales/ itself).
var paths: [String] = []
for path in arguments.dropFirst() {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        paths += names.filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
    } else {
        paths.append(path)
    }
}

var files: [(code: String, members: [(key: String, entry: Entry)])] = []
for path in paths {
    let url = URL(fileURLWithPath: path)
    let code = url.deletingPathExtension().lastPathComponent
    guard let data = try? Data(contentsOf: url) else { fail("\(path): cannot be read") }
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
        fail("\(path): not a JSON object")
    }
    var members: [(key: String, entry: Entry)] = []
    for (key, value) in object {
        // The man page's sections and words are for scripts/generate-man.py, not for the program.
        if key.hasPrefix("_man.") {
            guard value is String else { fail("\(path): \"\(key)\" is not a string") }
            continue
        }
        if key == "_plural", let rule = value as? String, !["one", "zero-one"].contains(rule) {
            fail("\(path): \"_plural\" is \"\(rule)\"; use \"one\" or \"zero-one\"")
        }
        if let text = value as? String {
            members.append((key, .text(text)))
        } else if key.hasPrefix("_"), let list = value as? [Any], let words = list as? [String] {
            members.append((key, .text(words.joined(separator: " "))))
        } else if key.hasPrefix("_"), let table = value as? [String: Any], let words = table as? [String: String] {
            for (name, text) in words { members.append((key + "." + name, .text(text))) }
        } else if !key.hasPrefix("_"), let forms = value as? [String: Any],
            let one = forms["one"] as? String, let other = forms["other"] as? String,
            forms.count == 2 || (forms.count == 3 && forms["=1"] is String)
        {
            members.append((key, .plural(one: one, other: other, exactlyOne: forms["=1"] as? String)))
        } else {
            fail(
                "\(path): \"\(key)\" is neither a sentence nor the plural forms \"one\" and \"other\" (and \"=1\")"
                    + (key.hasPrefix("_") ? ", nor a list or an object of strings" : ""))
        }
    }
    // Byte by byte: the order EmbeddedTable searches in.
    members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    files.append((code, members))
}
files.sort { $0.code < $1.code }

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

// One string literal per file (a StaticString: its bytes in the binary's read-only data, no code per member), read at
// run time by LocaleCatalog.embeddedMembers: a run builds only the languages it uses. Straight-line calls, one per
// member, cost 2 000 calls of code that a run's language executed and that every call site specialized again (issue 44:
// 0.5 MiB of code, 0.3 MiB of it resident in every run).
/// The separators of the tables: a field ends with `fieldEnd`, a member with `memberEnd`.
let fieldEnd: Unicode.Scalar = "\u{1F}"
let memberEnd: Unicode.Scalar = "\u{1E}"

/// The fields of a member: its key, then its sentence or its plural forms (one, other, and =1 when the file has one).
func fields(_ key: String, _ entry: Entry) -> [String] {
    switch entry {
    case .text(let text): [key, text]
    case .plural(let one, let other, let exactlyOne): [key, one, other] + (exactlyOne.map { [$0] } ?? [])
    }
}

var source = """
    // Generated by LocaleEmbedder from Locales/*.json at build time. Do not edit.

    /// The language code of every locale file (the file name without `.json`), sorted.
    let embeddedLocaleCodes: [String] = [\(files.map { literal($0.code) }.joined(separator: ", "))]

    /// How many members the locale file for `code` has (its `_` metadata included); 0 when there is none.
    func embeddedLocaleCount(_ code: String) -> Int {
        switch code {

    """
for file in files {
    source += "    case \(literal(file.code)): \(file.members.count)\n"
}
source += """
        default: 0
        }
    }

    /// Every member of the locale file for `code`, sorted by key: its key, then its sentence or its plural forms (one,
    /// other, and =1 when the file has one), each field ended by U+001F and each member by U+001E; nil when there is no
    /// such file. LocaleCatalog.embeddedMembers reads it.
    func embeddedLocaleTable(_ code: String) -> StaticString? {
        switch code {

    """
for file in files {
    var table = ""
    for (key, entry) in file.members {
        for field in fields(key, entry) {
            if field.unicodeScalars.contains(where: { $0 == fieldEnd || $0 == memberEnd }) {
                fail("Locales/\(file.code).json: \"\(key)\" holds U+001E or U+001F")
            }
            table += field + String(fieldEnd)
        }
        table += String(memberEnd)
    }
    source += "    case \(literal(file.code)):\n        return \(literal(table))\n"
}
source += "    default:\n        return nil\n    }\n}\n"

/// A locale key as the name of the MessageKey case it names: dots and hyphens taken out, the first letter after each
/// dot capitalised ("doctor.audio.fix" is `doctorAudioFix`), as `MessageKey.caseName(localeKey:)` spells it (the
/// MessageKey tests hold the two to each other).
func caseName(_ key: String) -> String {
    var name = ""
    var capitalizeNext = false
    for scalar in key.unicodeScalars {
        switch scalar {
        case ".": capitalizeNext = true
        case "-": continue
        case "a"..."z" where capitalizeNext:
            name.unicodeScalars.append(Unicode.Scalar(scalar.value - 32)!)
            capitalizeNext = false
        default:
            name.unicodeScalars.append(scalar)
            capitalizeNext = false
        }
    }
    return name
}

// The English file's keys by case name, so that a run finds a MessageKey's locale key with a binary search in
// read-only data instead of building a table of every key at start-up (2.7 M instructions before the first sound).
guard let english = files.first(where: { $0.code == "en" }) else { fail("no Locales/en.json") }
var byCaseName: [(name: String, key: String)] = []
for (key, _) in english.members where !key.hasPrefix("_") {
    byCaseName.append((caseName(key), key))
}
byCaseName.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
for (first, second) in zip(byCaseName, byCaseName.dropFirst()) where first.name == second.name {
    fail("Locales/en.json: \"\(first.key)\" and \"\(second.key)\" name the same case, \(first.name)")
}
source += """

    /// The English file's keys, each after the name of the MessageKey case it names, sorted by that name (byte by
    /// byte), each field ended by U+001F and each pair by U+001E. MessageKey.localeKey searches it.
    let embeddedLocaleKeys: StaticString = \(literal(byCaseName.map { $0.name + String(fieldEnd) + $0.key + String(fieldEnd) + String(memberEnd) }.joined()))

    """

let data = Data(source.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
    try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
}
