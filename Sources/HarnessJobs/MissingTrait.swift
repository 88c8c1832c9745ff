import Foundation

/// A verb or flag whose trait this binary was built without: one line naming the build that has it, exit 2.
package struct MissingTrait {
    /// `--live`, `spec-diff`: what was asked for.
    package let feature: String
    /// The package trait that builds it.
    package let trait: String

    /// `feature` needs `trait`.
    package init(feature: String, trait: String) {
        self.feature = feature
        self.trait = trait
    }

    package var failure: UsageFailure {
        UsageFailure("\(feature) needs the \(trait) trait, which this fsq-contract was built without; run '\(Self.buildCommand(trait: trait))' first")
    }

    /// The build that has `trait`, in the configuration (`debug`, `release`) this binary was built in.
    package static func buildCommand(trait: String, executable: URL = currentExecutable()) -> String {
        let configuration = executable.deletingLastPathComponent().lastPathComponent == "release" ? "-c release " : ""
        return "swift build \(configuration)--traits \(trait) --product fsq-contract"
    }

    /// This process's executable, symlinks resolved, so a linked `fsq-contract` still names its build folder.
    package static func currentExecutable() -> URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }
}

extension Optional {
    /// The collaborator, or the `MissingTrait` failure for `feature`.
    package func needed(for feature: String, trait: String) throws -> Wrapped {
        guard let self else { throw MissingTrait(feature: feature, trait: trait).failure }
        return self
    }
}
