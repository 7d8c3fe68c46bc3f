import Foundation
import PackagePlugin

/// Embeds every `Locales/*.json` file of the package into the target as Swift source.
///
/// Why a build-tool plugin rather than bundled resources: a SwiftPM resource bundle must sit next to the binary, and
/// cron or a user who copies the binary elsewhere would lose every sentence. Generated source keeps the binary whole,
/// and adding a language is still just adding one file to Locales/.
@main
struct EmbedLocales: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let localesDirectory = context.package.directoryURL.appending(path: "Locales")
        let files = try FileManager.default.contentsOfDirectory(
            at: localesDirectory, includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "json" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLocales.swift")
        // The folder is an input too, and the embedder lists it itself: a file added to Locales/ changes the folder,
        // so the next build embeds it even though the build plan (and this list of files) was made before it came.
        return [
            .buildCommand(
                displayName: "Embedding the locale files",
                executable: try context.tool(named: "LocaleEmbedder").url,
                arguments: [output.path, localesDirectory.path],
                inputFiles: [localesDirectory] + files,
                outputFiles: [output]
            )
        ]
    }
}
