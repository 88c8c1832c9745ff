#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project's own XSD: exactly what `StreamingReportWriter` emits, in every option combination.
///
/// It lives in the binary as a string (SwiftPM resources would need Foundation's Bundle) and is written to a
/// temp file on first use of `path`.
public enum BundledSchema {
    /// A file holding `xsd`, written once per process under `$TMPDIR` (or /tmp); nil if that failed.
    public static var path: String? { bundledSchemaPath }

    /// The schema text.
    public static let xsd = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- fsq-contract JUnit report schema: exactly what the JUnitXML writer emits. -->
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">

          <!-- Seconds, always with '.' and exactly three decimals; never an exponent. -->
          <xs:simpleType name="seconds">
            <xs:restriction base="xs:decimal">
              <xs:pattern value="[0-9]+\.[0-9]{3}"/>
            </xs:restriction>
          </xs:simpleType>

          <!-- UTC without a zone designator, as the Ant schema requires. -->
          <xs:simpleType name="timestamp">
            <xs:restriction base="xs:dateTime">
              <xs:pattern value="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}"/>
            </xs:restriction>
          </xs:simpleType>

          <xs:simpleType name="nonEmptyToken">
            <xs:restriction base="xs:token">
              <xs:minLength value="1"/>
            </xs:restriction>
          </xs:simpleType>

          <xs:complexType name="problem">
            <xs:simpleContent>
              <xs:extension base="xs:string">
                <xs:attribute name="message" type="xs:string" use="required"/>
                <xs:attribute name="type" type="xs:string" use="required"/>
              </xs:extension>
            </xs:simpleContent>
          </xs:complexType>

          <xs:complexType name="skipped">
            <xs:attribute name="message" type="xs:string"/>
          </xs:complexType>

          <xs:complexType name="property">
            <xs:attribute name="name" type="xs:string" use="required"/>
            <xs:attribute name="value" type="xs:string" use="required"/>
          </xs:complexType>

          <xs:complexType name="properties">
            <xs:sequence>
              <xs:element name="property" type="property" minOccurs="0" maxOccurs="unbounded"/>
            </xs:sequence>
          </xs:complexType>

          <xs:complexType name="testcase">
            <xs:sequence>
              <xs:choice minOccurs="0">
                <xs:element name="failure" type="problem"/>
                <xs:element name="error" type="problem"/>
                <xs:element name="skipped" type="skipped"/>
              </xs:choice>
              <xs:element name="system-out" type="xs:string" minOccurs="0"/>
              <xs:element name="system-err" type="xs:string" minOccurs="0"/>
            </xs:sequence>
            <xs:attribute name="name" type="xs:string" use="required"/>
            <xs:attribute name="classname" type="xs:string" use="required"/>
            <xs:attribute name="time" type="seconds" use="required"/>
            <!-- Only with ReportWriterOptions.includeFileAttributes. -->
            <xs:attribute name="file" type="xs:string"/>
            <xs:attribute name="line" type="xs:integer"/>
          </xs:complexType>

          <xs:complexType name="testsuite">
            <xs:sequence>
              <xs:element name="properties" type="properties"/>
              <xs:element name="testcase" type="testcase" minOccurs="0" maxOccurs="unbounded"/>
              <xs:element name="system-out" type="xs:string"/>
              <xs:element name="system-err" type="xs:string"/>
            </xs:sequence>
            <xs:attribute name="name" type="nonEmptyToken" use="required"/>
            <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="failures" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="errors" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="skipped" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="time" type="seconds" use="required"/>
            <xs:attribute name="timestamp" type="timestamp" use="required"/>
            <xs:attribute name="hostname" type="nonEmptyToken" use="required"/>
          </xs:complexType>

          <!-- Inside <testsuites>; a root <testsuite> (TEST-<suite>.xml, written by report-dir) has neither attribute. -->
          <xs:complexType name="aggregatedTestsuite">
            <xs:complexContent>
              <xs:extension base="testsuite">
                <xs:attribute name="package" type="xs:token" use="required"/>
                <xs:attribute name="id" type="xs:int" use="required"/>
              </xs:extension>
            </xs:complexContent>
          </xs:complexType>

          <xs:element name="testsuite" type="testsuite"/>

          <xs:element name="testsuites">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="testsuite" type="aggregatedTestsuite" minOccurs="0" maxOccurs="unbounded"/>
              </xs:sequence>
              <!-- Optional only because ReportWriterOptions.rootAttributes can drop them. -->
              <xs:attribute name="name" type="xs:string"/>
              <xs:attribute name="tests" type="xs:nonNegativeInteger"/>
              <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
              <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
              <xs:attribute name="skipped" type="xs:nonNegativeInteger"/>
              <xs:attribute name="time" type="seconds"/>
            </xs:complexType>
          </xs:element>
        </xs:schema>

        """#
}

/// Written once per process; a global `let` initialiser runs exactly once, thread-safely.
private let bundledSchemaPath: String? = {
    let dir = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    // The name carries a hash of the text so different versions never share a file.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in BundledSchema.xsd.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
    let path = "\(dir)/fsq-contract-junit-\(String(hash, radix: 16)).xsd"
    let temp = "\(path).\(getpid()).tmp"
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return nil }
    var text = BundledSchema.xsd
    let ok = text.withUTF8 { buf in write(fd, buf.baseAddress, buf.count) == buf.count }
    close(fd)
    // Rename so a concurrent process never sees a half-written schema.
    guard ok, rename(temp, path) == 0 else {
        unlink(temp)
        return nil
    }
    return path
}()
