// XSD validation with libxml2's xmlschemas, streaming. No Foundation here (ICU clash).
import CLibXML2

/// Validates reports against an XSD while streaming them (flat memory even for 100 MB reports).
public struct SchemaValidator {
    private let schema: SchemaHandle

    /// Parses the XSD at `schemaPath`; throws `JUnitXMLError` naming the schema file if it can't.
    public init(schemaPath: String) throws {
        LibXML.ensureReady()
        try ReportFileCheck.readable(schemaPath)
        let sink = XMLErrorSink(file: schemaPath)
        guard let ctxt = xmlSchemaNewParserCtxt(schemaPath) else {
            throw JUnitXMLError(.unreadable, file: schemaPath, reason: "cannot create a schema parser")
        }
        defer { xmlSchemaFreeParserCtxt(ctxt) }
        xmlSchemaSetParserStructuredErrors(ctxt, XMLErrorSink.callback, sink.opaque)
        guard let parsed = xmlSchemaParse(ctxt) else {
            throw JUnitXMLError(.malformed, file: schemaPath, reason: "invalid XSD: \(sink.lines.first ?? "parse failed")")
        }
        schema = SchemaHandle(parsed)
    }

    /// The project's own schema, parsed from memory (no temp file).
    public static func bundled() throws -> SchemaValidator {
        try SchemaValidator(schemaText: BundledSchema.xsd, name: "BundledSchema.xsd")
    }

    /// Parses an XSD held in memory; `name` labels errors.
    public init(schemaText: String, name: String = "schema.xsd") throws {
        LibXML.ensureReady()
        let sink = XMLErrorSink(file: name)
        let bytes = Array(schemaText.utf8)
        // The parser context borrows the buffer: parse entirely inside the closure.
        let parsed: xmlSchemaPtr? = bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                guard let ctxt = xmlSchemaNewMemParserCtxt(p, Int32(buf.count)) else { return nil }
                defer { xmlSchemaFreeParserCtxt(ctxt) }
                xmlSchemaSetParserStructuredErrors(ctxt, XMLErrorSink.callback, sink.opaque)
                return xmlSchemaParse(ctxt)
            }
        }
        guard let parsed else {
            throw JUnitXMLError(.malformed, file: name, reason: "invalid XSD: \(sink.lines.first ?? "parse failed")")
        }
        schema = SchemaHandle(parsed)
    }

    /// Empty when the report is valid; otherwise one `file:line: message` per error (well-formedness
    /// errors included). Throws `JUnitXMLError` (`.unreadable`) only when the file can't be opened.
    ///
    /// No XML_PARSE_HUGE here on purpose: a text node over 10 MB is an error, as in consumers' readers.
    public func validate(reportPath: String) throws -> [String] {
        LibXML.ensureReady()
        try ReportFileCheck.readable(reportPath)
        do {
            try ReportFileCheck.looksLikeXML(reportPath)
        } catch let error as JUnitXMLError {
            return [error.description]
        }
        let sink = XMLErrorSink(file: reportPath)
        guard let reader = xmlReaderForFile(reportPath, nil, Int32(XML_PARSE_NONET.rawValue)) else {
            throw JUnitXMLError(.unreadable, file: reportPath, reason: "cannot open for reading")
        }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, XMLErrorSink.callback, sink.opaque)
        guard xmlTextReaderSetSchema(reader, schema.pointer) == 0 else {
            throw JUnitXMLError(.malformed, file: reportPath, reason: "cannot attach the schema")
        }
        var rc: Int32 = 1
        while rc == 1 { rc = xmlTextReaderRead(reader) }
        var lines = sink.allLines
        if rc < 0 && !sink.sawParserError {
            // With the schema plugged in, libxml2 may not route the fatal parse error to our handler.
            lines.append("\(reportPath):\(xmlTextReaderGetParserLineNumber(reader)): not well-formed XML (parsing stopped here)")
        }
        if lines.isEmpty && xmlTextReaderIsValid(reader) != 1 { lines.append("\(reportPath): not valid") }
        return lines
    }
}

/// Owns the parsed schema; read-only after parsing, so validators may share it.
private final class SchemaHandle: @unchecked Sendable {
    let pointer: xmlSchemaPtr

    init(_ pointer: xmlSchemaPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlSchemaFree(pointer)
    }
}
