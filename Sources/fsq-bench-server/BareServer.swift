import ArgumentParser
import HarnessCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `fsq-bench-server`: a bare Hummingbird 2 handler serving one fixture's bytes for every request, the
/// baseline `scripts/bench-emulator.sh` compares the emulator against.
@main
struct BareServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsq-bench-server",
        abstract: "Serve one fixture's response bytes from a bare Hummingbird handler (emulator baseline)."
    )

    @Option(name: .long, help: "The fixtures folder.")
    var fixtures: String = "Fixtures"

    @Option(name: .long, help: "The fixture to serve, relative to the fixtures folder.")
    var fixture: String = "place-search/200-typical.json"

    @Option(name: .long, help: "The port to bind; 0 picks a free one.")
    var port: Int = 0

    func run() async throws {
        let loaded = FixtureLoader(root: URL(fileURLWithPath: fixtures)).load(relativePath: fixture)
        guard case let .fixture(served) = loaded else {
            FileHandle.standardError.write(Data("fsq-bench-server: --fixture \(fixture): cannot be loaded\n".utf8))
            throw ExitCode(2)
        }
        let body = ByteBuffer(bytes: served.response.body.data)
        var headers = HTTPFields()
        for (name, value) in served.response.headers.sorted(by: { $0.key < $1.key }) where name != "content-length" {
            if let fieldName = HTTPField.Name(name) { headers.append(HTTPField(name: fieldName, value: value)) }
        }
        let status = HTTPResponse.Status(code: served.response.status)
        let responder = CallbackResponder<BasicRequestContext> { [headers] _, _ in
            Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
        }
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n".utf8))
            },
            logger: Logger(label: "bare-server", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        try await app.runService()
    }
}
