// Apart from Support.swift: TestSupport brings Foundation, which must not meet CLibXML2 in one file (ICU clash).
import TestSupport

/// A reference JUnit XSD of the optional consumer checks (`ConsumerSchemas`), when it is beside the clone.
func sharedSchema(_ name: String) -> String? {
    ConsumerSchemas.file("junit-schemas/" + name)?.path
}
