import HarnessCore

/// Building an HTML document where every value from a fixture, a server or a message is escaped: the one place
/// text becomes markup, so a place named `<script>alert(1)</script>` can only ever render as text.
package struct HTMLText: Sendable {
    /// The document so far.
    package private(set) var html = ""

    /// An empty document with room for `capacity` characters.
    package init(capacity: Int = 1 << 16) { html.reserveCapacity(capacity) }

    /// Appends markup written in this module (tags, attributes names): never a value.
    package mutating func raw(_ markup: StaticString) { html += markup.description }

    /// Appends `value` escaped for text or a double-quoted attribute.
    package mutating func text(_ value: String) { Self.escape(value, into: &html) }

    /// Appends a number.
    package mutating func number(_ value: Int) { html += String(value) }

    /// Opens `<tag class="…">` with escaped attribute values.
    package mutating func open(_ tag: StaticString, _ attributes: [(StaticString, String)] = []) {
        html += "<"
        html += tag.description
        for (name, value) in attributes {
            html += " "
            html += name.description
            html += "=\""
            Self.escape(value, into: &html)
            html += "\""
        }
        html += ">"
    }

    /// Closes `</tag>`.
    package mutating func close(_ tag: StaticString) {
        html += "</"
        html += tag.description
        html += ">"
    }

    /// `<tag …>value</tag>`, the value escaped.
    package mutating func element(_ tag: StaticString, _ value: String, _ attributes: [(StaticString, String)] = []) {
        open(tag, attributes)
        text(value)
        close(tag)
    }

    /// `value` with `&`, `<`, `>`, `"` and `'` as character references.
    package static func escape(_ value: String) -> String {
        var out = ""
        escape(value, into: &out)
        return out
    }

    static func escape(_ value: String, into out: inout String) {
        // Most values need nothing: one scan of the bytes, then one append.
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            out += value
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
