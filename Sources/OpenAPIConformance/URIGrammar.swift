/// RFC 3986's grammar for `uri` (an absolute URI: a scheme, then the rest) and `uri-reference` (a URI or a
/// relative reference): only its characters, `%HH` escapes, one `#`, brackets around an IP literal only.
enum URIGrammar {
    private static func isAlpha(_ b: UInt8) -> Bool { b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z") }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "f")) }
    private static let unreservedMarks = Set(Array("-._~".utf8))
    private static let subDelims = Set(Array("!$&'()*+,;=".utf8))

    /// Every byte is unreserved, a sub-delim, one of `extra`, or part of a `%HH` escape.
    private static func isMadeOf(_ b: ArraySlice<UInt8>, extra: Set<UInt8>) -> Bool {
        var index = b.startIndex
        while index < b.endIndex {
            let byte = b[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < b.endIndex, isHex(b[index + 1]), isHex(b[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isAlpha(byte) || isDigit(byte) || unreservedMarks.contains(byte) || subDelims.contains(byte) || extra.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    private static let pcharExtra = Set(Array(":@".utf8))
    private static let queryExtra = Set(Array(":@/?".utf8))

    static func isURI(_ b: [UInt8]) -> Bool {
        guard let colon = b.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(b[0]),
              b[1..<colon].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        return isRest(b[(colon + 1)...], relative: false)
    }

    static func isURIReference(_ b: [UInt8]) -> Bool {
        isURI(b) || isRest(b[...], relative: true)
    }

    /// hier-part (or relative-part) `[ "?" query ] [ "#" fragment ]`.
    private static func isRest(_ b: ArraySlice<UInt8>, relative: Bool) -> Bool {
        var rest = b
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard isMadeOf(rest[(hash + 1)...], extra: queryExtra) else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard isMadeOf(rest[(question + 1)...], extra: queryExtra) else { return false }
            rest = rest[..<question]
        }
        var path = rest
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            guard isAuthority(afterSlashes[..<end]) else { return false }
            path = afterSlashes[end...]
        } else if relative, path.first != UInt8(ascii: "/") {
            // path-noscheme: the first segment has no colon (it would read as a scheme).
            let firstSegment = path.prefix { $0 != UInt8(ascii: "/") }
            if firstSegment.contains(UInt8(ascii: ":")) { return false }
        }
        return path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { isMadeOf($0, extra: pcharExtra) }
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    private static func isAuthority(_ b: ArraySlice<UInt8>) -> Bool {
        var hostPort = b
        if let at = b.firstIndex(of: UInt8(ascii: "@")) {
            guard isMadeOf(b[..<at], extra: [UInt8(ascii: ":")]) else { return false }
            hostPort = b[(at + 1)...]
        }
        var port: ArraySlice<UInt8> = []
        if hostPort.first == UInt8(ascii: "[") {
            guard let close = hostPort.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = hostPort[(hostPort.startIndex + 1)..<close]
            let after = hostPort[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return false }
                port = after.dropFirst()
            }
            if (literal.first ?? 0) | 0x20 == UInt8(ascii: "v") {
                // IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
                guard let dot = literal.firstIndex(of: UInt8(ascii: ".")), dot > literal.startIndex + 1,
                      literal[(literal.startIndex + 1)..<dot].allSatisfy(isHex), dot < literal.endIndex - 1,
                      isMadeOf(literal[(dot + 1)...], extra: [UInt8(ascii: ":")]), !literal.contains(UInt8(ascii: "%")) else { return false }
            } else if !FormatCheck.isIPv6(literal) {
                return false
            }
        } else {
            var host = hostPort
            if let colon = hostPort.firstIndex(of: UInt8(ascii: ":")) {
                host = hostPort[..<colon]
                port = hostPort[(colon + 1)...]
            }
            guard isMadeOf(host, extra: []) else { return false }
        }
        return port.allSatisfy(isDigit)
    }
}
