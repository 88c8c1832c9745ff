import EmulatorCLI

// The emulator alone (SwiftNIO + Hummingbird), for scripts and tests; `fsq-contract serve` runs the same command.
await FSQEmulator.serve()
