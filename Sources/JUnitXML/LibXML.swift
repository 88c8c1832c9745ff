// What the writer, reader and validator share of libxml2. No Foundation here (ICU clash).
import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every libxml2 user in this module needs first: the library set up, and errno as text.
enum LibXML {
    /// xmlInitParser must run once before any parallel use (parallel schema contexts deadlocked without it).
    /// libxml2 2.9 builds the XSD built-in types lazily and unlocked: two schemas parsed at once left `xs:string`
    /// unresolvable ("does not resolve to a(n) simple type definition") for the rest of the process.
    private static let ready: Bool = {
        xmlInitParser()
        xmlSchemaInitTypes()
        return true
    }()

    /// Sets libxml2 up, once per process; call it before any libxml2 function.
    @inline(__always) static func ensureReady() {
        _ = ready
    }

    /// `strerror` of `code`, the current `errno` by default.
    static func errnoText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
