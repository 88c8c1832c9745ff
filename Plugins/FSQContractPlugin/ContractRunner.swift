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

    static func run(_ context: PluginContext, _ arguments: [String]) throws -> Never {
        let process = Process()
        process.executableURL = try context.tool(named: "fsq-contract").url
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
