import Foundation
import PackagePlugin

/// Runs the built `fsq-contract` in the package's own folder, so its defaults (`Fixtures/`, `Reports/junit.xml`,
/// `fsq-contract.json`) are that package's, and ends with its exit status. Shared by both plugins (a symlink in
/// the live plugin's folder: plugins cannot depend on a library target).
enum ContractRunner {
    /// The verbs that call the network, which the replay plugin has no permission for.
    static func callsTheNetwork(_ arguments: [String]) -> Bool {
        guard let verb = arguments.first else { return false }
        return verb == "record" || verb == "drift" || (verb == "run" && arguments.contains("--live"))
    }

    /// Builds fsq-contract through SwiftPM when the plugin runs, rather than naming it as the plugin's tool: SwiftPM
    /// builds a plugin's tools a second time for the host, so every `swift build` and `swift test` of this package
    /// compiled fsq-contract and all its dependencies twice (2,125 of 4,591 object files).
    static func run(_ context: PluginContext, _ packageManager: PackageManager, _ arguments: [String]) throws -> Never {
        let build = try packageManager.build(.product("fsq-contract"), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded,
              let tool = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "fsq-contract" })
        else {
            FileHandle.standardError.write(Data("fsq-contract: the fsq-contract product did not build:\n\(build.logText)\n".utf8))
            exit(1)
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // SwiftPM prints "Plugin ended with exit code N" for a nonzero status and itself exits 1.
        switch process.terminationReason {
        case .exit: exit(process.terminationStatus)
        case .uncaughtSignal: exit(128 + process.terminationStatus)
        @unknown default: exit(1)
        }
    }
}
