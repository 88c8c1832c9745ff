import Testing
@testable import JUnitXML

/// Deterministic generator so a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Byte pieces hostile to XML writers: controls, broken UTF-8, markup, RTL, emoji.
let hostilePieces: [[UInt8]] = {
    var p: [[UInt8]] = (0..<0x20).map { [UInt8($0)] }  // every C0 control
    p += [[0x7F], [0x80], [0xBF], [0xC0], [0xC1], [0xF5], [0xFE], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
          [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF]]  // lone/invalid UTF-8, U+FFFE/F
    let texts = ["]]>", "<![CDATA[", "&<>\"'", "&amp;", "&#0;", "<!--", "-->", "<?xml", "\r\n", "\r", " ", "  ",
                 "\t", "\u{FFFD}", "\u{FEFF}", "\u{2028}", "\u{85}", "👩‍💻", "🇩🇪", "😀", "مرحبا", "שלום",
                 "\u{202E}evil\u{202C}", "\u{10FFFF}", "漢字", "e\u{301}", "plain", "x=1&y=2", "\\u{1B}"]
    p += texts.map { Array($0.utf8) }
    return p
}()

func hostileBytes(_ rng: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 1...8, using: &rng) {
        bytes += hostilePieces[Int.random(in: 0..<hostilePieces.count, using: &rng)]
    }
    return bytes
}

func utf8Equal(_ a: String, _ b: String) -> Bool { Array(a.utf8) == Array(b.utf8) }

func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let n = Array(needle.utf8)
    return haystack.withUnsafeBufferPointer { h in
        guard h.count >= n.count else { return false }
        var i = 0
        while i <= h.count - n.count {
            var j = 0
            while j < n.count, h[i + j] == n[j] { j += 1 }
            if j == n.count { return true }
            i += 1
        }
        return false
    }
}

@Suite struct CleaningTests {
    @Test func forbiddenCharactersBecomeVisibleEscapes() {
        for c in UInt32(0)..<0x20 {
            let s = "a" + String(Character(Unicode.Scalar(c)!)) + "b"
            if c == 0x09 || c == 0x0A || c == 0x0D {
                #expect(XMLText.clean(s) == s)
            } else {
                #expect(XMLText.clean(s) == "a\\u{\(String(c, radix: 16, uppercase: true))}b")
            }
        }
        #expect(XMLText.clean("\u{1B}[31m") == "\\u{1B}[31m")
        #expect(XMLText.clean("x\u{FFFE}\u{FFFF}\u{FFFD}") == "x\\u{FFFE}\\u{FFFF}\u{FFFD}")
        #expect(XMLText.clean("]]> & < \u{7F} \u{85} 👩‍💻 مرحبا") == "]]> & < \u{7F} \u{85} 👩‍💻 مرحبا")
    }

    @Test func invalidUTF8BecomesReplacementCharacter() {
        #expect(XMLText.clean(bytes: [0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
        #expect(XMLText.clean(bytes: [0xC0, 0xAF]) == "\u{FFFD}\u{FFFD}")
        #expect(XMLText.clean(bytes: [0xE2, 0x82]) == "\u{FFFD}")
        #expect(XMLText.clean(bytes: [0x00, 0xED, 0xA0, 0x80]).hasPrefix("\\u{0}\u{FFFD}"))
        #expect(XMLText.clean(bytes: Array("ok".utf8)) == "ok")
    }

    @Test func truncationCutsOnACharacterBoundaryWithANote() {
        #expect(XMLText.clean("abcdef", maxBytes: 10) == "abcdef")
        #expect(XMLText.clean("abcdef", maxBytes: 4) == "abcd… [truncated 2 bytes]")
        // "é" is 2 bytes: a cut after 1 byte backs off to before it.
        #expect(XMLText.clean("aé", maxBytes: 2) == "a… [truncated 2 bytes]")
        #expect(XMLText.clean("😀😀", maxBytes: 5) == "😀… [truncated 4 bytes]")
        // Escapes count toward the limit: the limit applies to what is written.
        #expect(XMLText.clean("\u{1B}\u{1B}", maxBytes: 6) == "\\u{1B}… [truncated 6 bytes]")
    }

    @Test func defaultLimitCutsATwelveMegabyteStringAtOneMegabyte() throws {
        let dir = TempDir()
        let path = dir.file("big.xml")
        let big = String(repeating: "0123456789", count: 1_200_000)
        let problem = TestProblem(message: "", type: "Big", text: big)
        let report = TestReport(name: "big", suites: [TestSuite(name: "s", testCases: [
            TestCase(name: "t", classname: "c", outcome: .failure(problem))])])
        try writeReport(report, to: path)
        #expect(isWellFormed(path))
        guard case .failure(let read) = try ReportReader.read(path: path).suites[0].testCases[0].outcome else {
            Issue.record("not a failure")
            return
        }
        #expect(read.text.utf8.count == 1_000_000 + XMLText.truncationNote(droppedBytes: 11_000_000).utf8.count)
        #expect(read.text.hasSuffix("… [truncated 11000000 bytes]"))
        #expect(read.text.hasPrefix("0123456789"))
    }

    /// 10,000 seeded hostile strings plus a 1 MiB and a 12 MB one, written in every field and read back.
    @Test(arguments: [UInt64(0x5EED_0001)])
    func hostileStringsRoundTrip(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        let limit = 2_000_000
        let options = ReportWriterOptions(maxTextBytes: limit)
        let dir = TempDir()
        let path = dir.file("hostile.xml")

        // Each input is what a caller holds (a String decoded from bytes); expected is the cleaned form.
        var inputs: [(raw: [UInt8], string: String)] = (0..<10_000).map { _ in
            let b = hostileBytes(&rng)
            return (b, String(decoding: b, as: UTF8.self))
        }
        // Big strings keep escapes sparse: libxml2's schema validator re-joins text split at every entity
        // reference in quadratic time, which would dominate the test without testing anything of ours.
        let filler = String(repeating: "lorem ipsum ", count: 80)
        let oneMiB = String(repeating: filler + "hostile\u{1B}]]>&<é", count: (1 << 20) / (filler.utf8.count + 15) + 1)
        let unit = filler + "abc\u{1B}é👩‍💻]]>&"
        let twelveMB = String(repeating: unit, count: 12_000_000 / unit.utf8.count + 1)
        #expect(twelveMB.utf8.count > 12_000_000)
        inputs[3] = (Array(oneMiB.utf8), oneMiB)
        inputs[7] = (Array(twelveMB.utf8), twelveMB)

        var cases: [TestCase] = []
        var i = 0
        func next() -> String { defer { i += 1 }; return inputs[i].string }
        while i < inputs.count {
            let name = next(), classname = next(), a = next(), b = next()
            switch cases.count % 4 {
            case 0: cases.append(TestCase(name: name, classname: classname, outcome: .failure(TestProblem(message: a, type: b, text: b))))
            case 1: cases.append(TestCase(name: name, classname: classname, outcome: .error(TestProblem(message: a, type: "E", text: b))))
            case 2: cases.append(TestCase(name: name, classname: classname, outcome: .skipped(message: a), systemOut: b))
            default: cases.append(TestCase(name: name, classname: classname, systemOut: a, systemErr: b))
            }
        }
        let props = (0..<50).map { Property(name: "p\($0)", value: inputs[$0 * 7].string) }
        let suite = TestSuite(name: inputs[1].string, hostname: inputs[2].string, properties: props,
                              systemOut: inputs[4].string, systemErr: inputs[5].string, testCases: cases)
        try writeReport(TestReport(name: inputs[0].string, suites: [suite]), to: path, options: options)

        // libxml2's own parser with default limits (no XML_PARSE_HUGE, no recovery) accepts it.
        #expect(isWellFormed(path))
        let bytes = readBytes(path)
        #expect(!contains(bytes, "]]>"))
        #expect(!contains(bytes, "<![CDATA["))
        #expect(try SchemaValidator.bundled().validate(reportPath: path) == [])

        let read = try ReportReader.read(path: path)
        func expected(_ s: String) -> String { XMLText.clean(s, maxBytes: limit) }
        #expect(utf8Equal(read.name, expected(inputs[0].string)))
        #expect(read.suites.count == 1)
        let r = read.suites[0]
        #expect(utf8Equal(r.systemOut, expected(inputs[4].string)))
        #expect(utf8Equal(r.systemErr, expected(inputs[5].string)))
        #expect(r.properties.count == 50)
        for (got, want) in zip(r.properties, props) { #expect(utf8Equal(got.value, expected(want.value))) }
        #expect(r.testCases.count == cases.count)
        var mismatches = 0
        for (got, want) in zip(r.testCases, cases) {
            var ok = utf8Equal(got.name, expected(want.name)) && utf8Equal(got.classname, expected(want.classname))
            switch (got.outcome, want.outcome) {
            case (.failure(let g), .failure(let w)), (.error(let g), .error(let w)):
                ok = ok && utf8Equal(g.message, expected(w.message)) && utf8Equal(g.type, expected(w.type))
                    && utf8Equal(g.text, expected(StreamingReportWriter.bodyText(w)))
            case (.skipped(let g), .skipped(let w)):
                ok = ok && utf8Equal(g ?? "", expected(w ?? ""))
            case (.passed, .passed):
                break
            default:
                ok = false
            }
            ok = ok && utf8Equal(got.systemOut ?? "<nil>", want.systemOut.map(expected) ?? "<nil>")
            ok = ok && utf8Equal(got.systemErr ?? "<nil>", want.systemErr.map(expected) ?? "<nil>")
            if !ok { mismatches += 1 }
        }
        #expect(mismatches == 0)

        // The invalid-UTF-8 inputs came back as U+FFFD, i.e. as clean(bytes:).
        #expect(utf8Equal(r.testCases[2].name, expected(XMLText.clean(bytes: inputs[8].raw))))
        // The 1 MiB string fits; the 12 MB one is cut with a note.
        guard case .failure(let small) = r.testCases[0].outcome, case .error(let big) = r.testCases[1].outcome else {
            Issue.record("unexpected outcomes")
            return
        }
        #expect(small.text.utf8.count > 1 << 20 && !contains(Array(small.text.utf8), "[truncated"))
        guard case .error(let wantBig) = cases[1].outcome else { return }
        let cleanedBig = XMLText.clean(StreamingReportWriter.bodyText(wantBig)).utf8.count
        let marker = "… [truncated "
        let kept = big.text.utf8.count - XMLText.truncationNote(droppedBytes: cleanedBig - limit).utf8.count
        #expect(kept <= limit && kept > limit - 4)
        #expect(big.text.hasSuffix(marker + "\(cleanedBig - kept) bytes]"))
        #expect(big.text.utf8.count < limit + 100)
    }
}
