/// The version of fsq-contract, written into reports and recorded fixtures.
public enum ToolVersion {
    public static let current = "0.3.0"
}
