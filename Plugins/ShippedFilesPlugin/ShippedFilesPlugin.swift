import Foundation
import PackagePlugin

/// Embeds in the code of the target it is applied to the files the binary ships, static build included, without a
/// resource bundle beside it: every `Overrides/*.json` of the target as `ShippedOverrides.embedded`, and every dated
/// document of the package's `docs/openapi/` as `BundledDocuments.embedded` (file name to text). A version's file
/// is found by its presence. A shell command, so no tool is built for it.
@main struct ShippedFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let overridesFolder = target.directoryURL.appendingPathComponent("Overrides")
        let overrides = try FileManager.default.contentsOfDirectory(atPath: overridesFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        // A file no contract's name finds would be embedded and never applied: refuse it here, by name.
        for name in overrides where !Self.isDated(name, prefix: "overrides-") {
            throw MisnamedFile(path: "Sources/\(target.name)/Overrides/\(name)")
        }
        let documentsFolder = context.package.directoryURL.appendingPathComponent("docs/openapi")
        let documents = ((try? FileManager.default.contentsOfDirectory(atPath: documentsFolder.path)) ?? [])
            .filter { Self.isDated($0, prefix: "openapi-") }.sorted()
        return [
            embed(overrides.map { overridesFolder.appendingPathComponent($0) }, as: "ShippedOverrides",
                  what: "Each shipped overrides file by its name, as written.", context: context),
            embed(documents.map { documentsFolder.appendingPathComponent($0) }, as: "BundledDocuments",
                  what: "Each dated document of docs/openapi/ by its name, as written.", context: context),
        ]
    }

    /// One generated file: `extension <type> { static let embedded: [String: String] }`. Each file becomes a raw
    /// multi-line literal: its bytes as written, whatever quotes or backslashes it holds.
    func embed(_ inputs: [URL], as type: String, what: String, context: PluginContext) -> Command {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(type)+Embedded.swift")
        let script = ###"""
        out=$1; type=$2; what=$3; shift 3
        {
          printf '// Generated at build time by ShippedFilesPlugin.\n\n'
          printf 'extension %s {\n    /// %s\n' "$type" "$what"
          printf '    static let embedded: [String: String] = [\n'
          for f in "$@"; do printf '        "%s": ##"""\n' "${f##*/}"; cat "$f"; printf '\n"""##,\n'; done
          printf '    ]\n}\n'
        } > "$out"
        """###
        return .buildCommand(displayName: "Embedding \(inputs.count) files in \(type)", executable: URL(fileURLWithPath: "/bin/sh"),
                             arguments: ["-c", script, "sh", output.path, type, what] + inputs.map(\.path),
                             inputFiles: inputs, outputFiles: [output])
    }

    /// `<prefix><yyyymmdd>.json`: `overrides-20250617.json`, `openapi-20250617.json`.
    static func isDated(_ name: String, prefix: String) -> Bool {
        let digits = name.dropFirst(prefix.count).dropLast(".json".count)
        return name.hasPrefix(prefix) && name.hasSuffix(".json") && digits.count == 8 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    struct MisnamedFile: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path): not named overrides-<yyyymmdd>.json, so no contract would find it; rename it after its document's version (overrides-20250617.json is 2025-06-17's)"
        }
    }
}
