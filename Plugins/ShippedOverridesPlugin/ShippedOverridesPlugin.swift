import Foundation
import PackagePlugin

/// Embeds every `Overrides/*.json` of the target it is applied to in the code, as `ShippedOverrides.embedded` (file
/// name to text): a version's overrides file is found by its presence in the folder, and the binary, static build
/// included, carries it without a resource bundle to ship beside it. A shell command, so no tool is built for it.
@main struct ShippedOverridesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = target.directoryURL.appendingPathComponent("Overrides")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        // A file no contract's name finds would be embedded and never applied: refuse it here, by name.
        for name in names where !Self.isOverridesFileName(name) {
            throw MisnamedFile(path: "Sources/\(target.name)/Overrides/\(name)")
        }
        let inputs = names.map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ShippedOverrides+Embedded.swift")
        // Each file becomes a raw multi-line literal: its bytes as written, whatever quotes or backslashes it holds.
        let script = ###"""
        out=$1; shift
        {
          printf '// Generated at build time from Overrides/*.json by ShippedOverridesPlugin.\n\n'
          printf 'extension ShippedOverrides {\n    /// Each shipped overrides file by its name, as written.\n'
          printf '    static let embedded: [String: String] = [\n'
          for f in "$@"; do printf '        "%s": ##"""\n' "${f##*/}"; cat "$f"; printf '\n"""##,\n'; done
          printf '    ]\n}\n'
        } > "$out"
        """###
        return [.buildCommand(displayName: "Embedding \(names.count) shipped overrides files", executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "sh", output.path] + inputs.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }

    /// `overrides-<yyyymmdd>.json`, the name `ShippedOverrides` reads a contract from.
    static func isOverridesFileName(_ name: String) -> Bool {
        let digits = name.dropFirst("overrides-".count).dropLast(".json".count)
        return name.hasPrefix("overrides-") && name.hasSuffix(".json") && digits.count == 8 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    struct MisnamedFile: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path): not named overrides-<yyyymmdd>.json, so no contract would find it; rename it after its document's version (overrides-20250617.json is 2025-06-17's)"
        }
    }
}
