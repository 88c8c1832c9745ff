import ContractCLI
import ContractHarness
import LiveHTTPClient
import OpenAPIConformance

// fsq-contract's commands with a bounded live stack: `fsq-contract run --live`, `record` and `drift` exec this.
// It reads `--openapi` documents itself, so a live run checks every answer against the provider's document.
await LiveStack.$current.withValue(AsyncHTTPClientStack()) {
    await DocumentOracles.$loader.withValue(OpenAPIDocumentLoader()) {
        await FSQContract.runCommandLine()
    }
}
