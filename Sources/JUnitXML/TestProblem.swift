/// The detail of a failure or error: a short message, a type and the full body text.
public struct TestProblem: Sendable, Hashable {
    public var message: String
    public var type: String
    public var text: String

    public init(message: String, type: String, text: String) {
        self.message = message
        self.type = type
        self.text = text
    }
}
