/// A growable byte buffer that serializes markup with our own escaping; the hot testcase path builds each
/// `<testcase>` here and hands it to xmlTextWriter in one raw write (its per-attribute calls cost ~2x).
/// Input strings must already be cleaned by `XMLText`. Manually managed (Array appends showed up at 13%
/// of the 1M-testcase benchmark): call `deallocate()` when done.
/// Shared by every placeholder; never written (capacity 0 forces a real allocation first) or freed.
nonisolated(unsafe) private let placeholderBase = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

struct ByteSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// An empty stand-in that owns nothing, for swapping the real buffer out of a class property.
    static var placeholder: ByteSink { ByteSink(base: placeholderBase) }

    private init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
        capacity = 0
    }

    func deallocate() {
        if base != placeholderBase { base.deallocate() }
    }

    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    mutating func reset() {
        count = 0
    }

    /// Shrinks back after one huge testcase so a 9 MB buffer isn't kept for the rest of the run.
    mutating func trim(to limit: Int) {
        guard capacity > limit else { return }
        deallocate()
        capacity = 4096
        base = .allocate(capacity: capacity)
        count = 0
    }

    @inline(__always) private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = max(capacity * 2, 4096)
        while newCapacity < count + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func append(_ p: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        (base + count).update(from: p, count: n)
        count += n
    }

    @inline(__always) mutating func append(_ s: StaticString) {
        append(s.utf8Start, s.utf8CodeUnitCount)
    }

    /// `name="value"` with a leading space; escapes what attribute-value normalization would otherwise alter.
    mutating func attribute(_ name: StaticString, _ value: String) {
        append(" ")
        append(name)
        append("=\"")
        escaped(value, inAttribute: true)
        append("\"")
    }

    mutating func attribute(_ name: StaticString, int value: Int) {
        append(" ")
        append(name)
        append("=\"")
        decimal(value)
        append("\"")
    }

    /// Seconds from milliseconds, `12.345`, without allocating.
    mutating func attribute(_ name: StaticString, milliseconds ms: Int64) {
        append(" ")
        append(name)
        append("=\"")
        decimal(Int(ms / 1000))
        let f = Int(ms % 1000)
        append(UInt8(ascii: "."))
        append(UInt8(48 + f / 100))
        append(UInt8(48 + f / 10 % 10))
        append(UInt8(48 + f % 10))
        append("\"")
    }

    mutating func decimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var n = value.magnitude
        if n < 10 {
            append(UInt8(48 + n))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 20 digits
        var used = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while n > 0 {
                d[23 - used] = UInt8(48 + n % 10)
                n /= 10
                used += 1
            }
            append(d.baseAddress!.assumingMemoryBound(to: UInt8.self) + (24 - used), used)
        }
    }

    /// Element text (`inAttribute: false`) escapes `&`, `<`, CR and the `>` of `]]>` only: every reference
    /// splits libxml2's character callbacks, and its schema validator re-joins them in quadratic time.
    mutating func escaped(_ value: String, inAttribute: Bool) {
        var value = value
        value.withUTF8 { buf in
            reserve(buf.count)
            var runStart = 0
            for i in 0..<buf.count {
                let c = buf[i]
                let entity: StaticString
                switch c {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case 0x0D: entity = "&#13;"
                case UInt8(ascii: "\"") where inAttribute: entity = "&quot;"
                case 0x0A where inAttribute: entity = "&#10;"
                case 0x09 where inAttribute: entity = "&#9;"
                case UInt8(ascii: ">") where i >= 2 && buf[i - 1] == UInt8(ascii: "]") && buf[i - 2] == UInt8(ascii: "]"):
                    entity = "&gt;"
                default: continue
                }
                if i > runStart { append(buf.baseAddress! + runStart, i - runStart) }
                append(entity)
                runStart = i + 1
            }
            if buf.count > runStart { append(buf.baseAddress! + runStart, buf.count - runStart) }
        }
    }
}
