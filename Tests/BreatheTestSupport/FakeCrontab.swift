import Foundation

/// A stand-in for crontab(1): a shell script that keeps "the crontab" in a file, for BREATHE_VOICE_CRONTAB.
///
/// `crontab -l` with no file says "no crontab for NAME" and exits 1, as the real one does; `crontab -` replaces the
/// file (or fails with the message given to `refuse(with:)`).
struct FakeCrontab {
    let folder: URL
    var script: URL { folder.appendingPathComponent("crontab") }
    var store: URL { folder.appendingPathComponent("store") }

    init() throws {
        // Removed by remove(), or else when the test process exits (`TestFolder`).
        folder = URL(fileURLWithPath: try TestFolder.make("breathe-voice-crontab"))
        let text = """
            #!/bin/sh
            store='\(folder.path)/store'
            case "$1" in
              -l) if [ -e "$store" ]; then exec cat "$store"; fi
                  echo "no crontab for $(id -un)" >&2; exit 1 ;;
              -) if [ -e '\(folder.path)/refuse' ]; then cat >/dev/null; cat '\(folder.path)/refuse' >&2; exit 1; fi
                 exec cat > "$store" ;;
              *) echo "fake crontab: unsupported option $1" >&2; exit 2 ;;
            esac

            """
        try text.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    /// The crontab's bytes, nil when there is none.
    var contents: Data? { try? Data(contentsOf: store) }

    /// The crontab as text, nil when there is none.
    var text: String? { contents.map { String(decoding: $0, as: UTF8.self) } }

    func set(_ data: Data) throws { try data.write(to: store) }

    /// Makes `crontab -` fail with this message, as the real one does for a bad line.
    func refuse(with message: String) throws {
        try message.write(to: folder.appendingPathComponent("refuse"), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
