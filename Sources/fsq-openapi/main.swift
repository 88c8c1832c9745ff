import ContractCLI
import ContractHarness
import OpenAPIConformance

// fsq-contract's commands with a document parser: `fsq-contract run --openapi FILE` (replay) and `list --openapi`
// exec this, so the main job builds without OpenAPIKit and Yams.
// `spec-diff` runs here for the same reason.
await DocumentOracles.$loader.withValue(OpenAPIDocumentLoader()) {
    await SpecDiffers.$differ.withValue(SpecDiffTool()) {
        await FSQContract.runCommandLine()
    }
}
