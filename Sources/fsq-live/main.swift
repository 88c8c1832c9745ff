import ContractCLI
import ContractHarness
import LiveHTTPClient

// fsq-contract's commands with a bounded live stack: `fsq-contract run --live`, `record` and `drift` exec this.
await LiveStack.$current.withValue(AsyncHTTPClientStack()) {
    await FSQContract.runCommandLine()
}
