#!/usr/bin/env bash
# The artifact bundle as a package would use it: a scratch package declares it as a binaryTarget and a command
# plugin runs `fsq-contract --version` (the bundle's version) and `serve --help` (the emulator, in the same
# binary).
# Usage: scripts/release-bundle-check.sh DIST_DIR   (release.sh's output folder). Exit 1 on a mismatch, 2 if it cannot run.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="${1:-}"
version=$(sed -n 's/.*current = "\([^"]*\)".*/\1/p' "$root/Sources/HarnessCore/ToolVersion.swift")
bundle="$dist/fsq-contract-$version.artifactbundle.zip"
[ -f "$bundle" ] || { echo "release-bundle-check: no $bundle; usage: scripts/release-bundle-check.sh DIST_DIR" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Plugins/Contract"
cp "$bundle" "$work/"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "consumer",
    targets: [
        .binaryTarget(name: "FSQContractBinary", path: "fsq-contract-$version.artifactbundle.zip"),
        .plugin(name: "Contract", capability: .command(intent: .custom(verb: "contract", description: "fsq-contract")),
                dependencies: ["FSQContractBinary"]),
    ]
)
SWIFT
cat > "$work/Plugins/Contract/plugin.swift" <<'SWIFT'
import Foundation
import PackagePlugin

@main
struct Contract: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = try Process.run(try context.tool(named: "fsq-contract").url, arguments: arguments)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw CocoaError(.executableLoad) }
    }
}
SWIFT
printed=$(cd "$work" && swift package contract --version 2>"$work/err.log") \
  || { echo "release-bundle-check: the plugin could not run fsq-contract: $(tail -3 "$work/err.log")"; exit 1; }
[ "$printed" = "$version" ] || { echo "release-bundle-check: the bundle's fsq-contract printed '$printed', not $version"; exit 1; }
(cd "$work" && swift package contract serve --help 2>&1 | grep -q -- '--tls-cert') \
  || { echo "release-bundle-check: the bundle's fsq-contract has no serve (built without the Emulator trait?)"; exit 1; }
echo "release-bundle-check: a package's plugin runs fsq-contract $version from the artifact bundle, serve included"
