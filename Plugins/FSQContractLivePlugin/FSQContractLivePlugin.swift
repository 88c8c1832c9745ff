import PackagePlugin

/// `swift package --allow-writing-to-package-directory --allow-network-connections all fsq-contract-live <verb>`:
/// every fsq-contract verb, the live ones (`run --live`, `record`, `drift`) included, which need the dependency's
/// Live trait (`.package(url: …, traits: ["Live"])`); without it they exit 2 naming the trait.
@main
struct FSQContractLivePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ContractRunner.run(context, packageManager, arguments)
    }
}
