// No Foundation here (ICU clash with libxml2's headers).
import CLibXML2

/// Collects libxml2's structured errors as `file:line: message` lines instead of printing them.
final class XMLErrorSink {
    let file: String
    var lines: [String] = []
    var count = 0
    let maxLines = 1000

    init(file: String) {
        self.file = file
    }

    /// True once a well-formedness (parser-domain) error arrived, as opposed to schema validity errors.
    var sawParserError = false

    func add(_ e: xmlError) {
        count += 1
        if e.domain == Int32(XML_FROM_PARSER.rawValue) { sawParserError = true }
        guard lines.count < maxLines else { return }
        var msg = e.message.map { String(cString: $0) } ?? "unknown error (code \(e.code))"
        while let last = msg.last, last == "\n" || last == " " { msg.removeLast() }
        msg = msg.split(separator: "\n").joined(separator: " ")
        lines.append(e.line > 0 ? "\(file):\(e.line): \(msg)" : "\(file): \(msg)")
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Remaining lines as a count note when more than `maxLines` arrived.
    var allLines: [String] {
        count > lines.count ? lines + ["\(file): … \(count - lines.count) more errors"] : lines
    }

    /// The C callback for xml*SetStructuredErrors; its context is `opaque`, an unretained sink.
    static let callback: xmlStructuredErrorFunc = { ctx, error in
        guard let ctx, let error else { return }
        Unmanaged<XMLErrorSink>.fromOpaque(ctx).takeUnretainedValue().add(error.pointee)
    }
}
