import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory fsq-contract <verb> [flags]`: fsq-contract's command tree on
/// this package's fixtures. It may only write the package folder, so the live verbs go to `fsq-contract-live`.
@main
struct FSQContractPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if ContractRunner.callsTheNetwork(arguments) {
            let line = "fsq-contract \(arguments.first ?? ""): calls the network, which this plugin may not; run it as "
                + "swift package --allow-writing-to-package-directory --allow-network-connections all fsq-contract-live "
                + arguments.joined(separator: " ") + "\n"
            FileHandle.standardError.write(Data(line.utf8))
            exit(2)
        }
        try ContractRunner.run(context, packageManager, arguments)
    }
}
