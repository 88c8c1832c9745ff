import ContractCLI
import ContractHarness
import OpenAPIConformance

// fsq-contract's commands with a document parser: `fsq-contract run --openapi FILE` (replay), `list --openapi`,
// `spec-diff` and `fuzz` exec this, so the main job builds without OpenAPIKit and Yams.
await DocumentOracles.$loader.withValue(OpenAPIDocumentLoader()) {
    await SpecDiffers.$differ.withValue(SpecDiffTool()) {
        await DocumentOracles.$fuzzer.withValue(DocumentFuzzer()) {
            await FSQContract.runCommandLine()
        }
    }
}
