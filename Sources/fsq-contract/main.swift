import ContractCLI
#if Live
import LiveHTTPClient
import LiveVerbs
#endif
#if OpenAPI
import OpenAPIConformance
import SpecDiff
#endif
#if Emulator
import EmulatorCLI
#endif

// One process runs every verb; the traits it was built with decide which collaborators it has. The main job
// (`--traits Harness`: replay, list, merge, …) links none of them, so it builds no live module, SwiftNIO, Hummingbird or
// OpenAPIKit.
var collaborators = Collaborators()
#if Live      // run --live, drift, record, nightly, fixtures: the live verbs' work; AsyncHTTPClient bounds every answer
collaborators.liveVerbs = LiveVerbs(stack: AsyncHTTPClientStack())
#endif
#if OpenAPI   // --openapi, spec-diff, fuzz: OpenAPIKit and Yams
collaborators.documentLoader = OpenAPIDocumentLoader()
collaborators.specDiffer = SpecDiffTool()
collaborators.fuzzer = DocumentFuzzer()
#endif
#if Emulator  // serve: Hummingbird, in this process
collaborators.emulator = { arguments in await FSQEmulator.serve(arguments: arguments) }
#endif
await FSQContract.runCommandLine(with: collaborators)
