import ArgumentParser
import Testing

/// Parses `arguments` in process exactly as `root` parses a command line (defaults, transforms and
/// `validate()` included) and returns the command, which must be a `C`.
///
///     let run = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--auth", "bearer"])
public func parseCommand<C: ParsableCommand>(
    _ type: C.Type, root: any ParsableCommand.Type, _ arguments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> C {
    let command = try root.parseAsRoot(arguments)
    return try #require(
        command as? C, "\(arguments) parsed as \(Swift.type(of: command)), not \(C.self)", sourceLocation: sourceLocation)
}

/// What `root` tells the user about a command line it rejects.
public struct ParseFailure: Sendable, CustomStringConvertible {
    /// The message ArgumentParser prints (first line is what the executables show).
    public let message: String
    public let exitCode: Int32

    /// The first line: what fsq-contract and fsq-emulator print before exiting 2.
    public var firstLine: String { message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "" }
    public var description: String { "exit \(exitCode): \(message)" }
}

/// Parses `arguments` in process and returns the usage error; records an issue if they parse.
public func parseFailure(
    root: any ParsableCommand.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
) -> ParseFailure? {
    do {
        let command = try root.parseAsRoot(arguments)
        Issue.record("\(arguments) parsed as \(type(of: command)); expected a usage error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return ParseFailure(message: root.message(for: error), exitCode: root.exitCode(for: error).rawValue)
    }
}
