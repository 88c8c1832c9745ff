/// A `<property name value>` inside a suite's `<properties>`.
public struct Property: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
