import Foundation
import NIOCore

/// A response body being received: in memory up to `memoryLimit`, then in a temporary file.
///
/// Every call in flight may receive up to the body cap (16 MB by default), so at `--concurrency 4` an endless
/// body would hold 4 × 16 MB; spilling past 1 MB keeps the process's memory flat whatever the cap and the
/// concurrency (measured in the LiveCalls guide, ContractCLI.docc).
struct BodyBuffer {
    static let memoryLimit = 1024 * 1024

    private(set) var count = 0
    private var memory = Data()
    private var spill: (url: URL, handle: FileHandle)?

    mutating func append(_ buffer: ByteBuffer) throws {
        count += buffer.readableBytes
        if let spill {
            try buffer.withUnsafeReadableBytes { try spill.handle.write(contentsOf: $0) }
            return
        }
        memory.append(contentsOf: buffer.readableBytesView)
        guard memory.count > Self.memoryLimit else { return }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-live-body-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forUpdating: url)
        spill = (url, handle)
        try handle.write(contentsOf: memory)
        memory = Data()
    }

    /// The whole body; reads the temporary file back if it spilled.
    func contents() throws -> Data {
        guard let spill else { return memory }
        try spill.handle.seek(toOffset: 0)
        return try spill.handle.readToEnd() ?? Data()
    }

    /// Removes the temporary file, if any; the buffer is not used after this.
    func discard() {
        guard let spill else { return }
        try? spill.handle.close()
        try? FileManager.default.removeItem(at: spill.url)
    }
}
