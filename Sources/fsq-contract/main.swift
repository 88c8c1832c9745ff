import ContractCLI

// The commands live in ContractCLI so that fsq-live runs the same ones with its own live transport.
await FSQContract.runCommandLine()
