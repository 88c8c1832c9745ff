import PackagePlugin

/// `swift package --allow-writing-to-package-directory --allow-network-connections all fsq-contract-live <verb>`:
/// every fsq-contract verb, the live ones (`run --live`, `record`, `drift`) included; it builds fsq-live too.
@main
struct FSQContractLivePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ContractRunner.run(context, arguments)
    }
}
