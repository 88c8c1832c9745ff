/// How deep the client follows an answer that nests itself (a place's parent place, a tip's photo's tip, a JSON
/// value): far past any real answer (a related place's photo's tip is about 10 members deep) and far below what
/// a thread's stack holds (a secondary thread on Apple's platforms has 512 KB). Deeper is a decoding failure, not a
/// crash; the harness's value check stops at the same depth.
package enum AnswerNesting {
    /// Members and elements from the answer's root.
    package static let deepest = 64

    /// Throws when `decoder` is past `deepest`.
    package static func check(_ decoder: any Decoder) throws {
        guard decoder.codingPath.count <= deepest else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "nested deeper than \(deepest) members and elements; no answer of the API is"))
        }
    }
}
