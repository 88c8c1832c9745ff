import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts files that appear (created, or renamed in) in some folders, so a test can act right after the
/// Nth one instead of after a guessed sleep. Linux uses inotify, which sees even a file that lives for a
/// microsecond; elsewhere the folders are polled.
public final class FileArrivalWatch {
    private let folders: [URL]
    private let isCounted: (String) -> Bool
    /// Folder and name of each counted file seen so far.
    private var seen: Set<String> = []
    #if os(Linux)
    private let descriptor: Int32
    #endif

    /// Starts watching `folders` (not their subfolders) for files whose name satisfies `isCounted`.
    public init(folders: [URL], counting isCounted: @escaping (String) -> Bool) throws {
        self.folders = folders
        self.isCounted = isCounted
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for folder in folders where inotify_add_watch(descriptor, folder.path, UInt32(IN_CREATE | IN_MOVED_TO)) < 0 {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        #endif
    }

    deinit {
        #if os(Linux)
        close(descriptor)
        #endif
    }

    /// Waits until `count` counted files have appeared since `init`; false if `timeout` passed first.
    public func wait(for count: Int, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while seen.count < count {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            collect(waitingAtMost: left)
        }
        return true
    }

    #if os(Linux)
    private func collect(waitingAtMost left: Duration) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 1000))
        guard poll(&poller, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length > 0 else { return }
        // Each record: wd, mask, cookie, len (4 bytes each), then a NUL-padded name of len bytes.
        var offset = 0
        while offset + 16 <= length {
            let watch = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
            let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
            let nameLength = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
            let nameBytes = buffer[(offset + 16)..<min(offset + 16 + nameLength, length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_ISDIR) == 0, isCounted(name) { seen.insert("\(watch)/\(name)") }
            offset += 16 + nameLength
        }
    }
    #else
    private func collect(waitingAtMost left: Duration) {
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where isCounted(name) {
                seen.insert(folder.appendingPathComponent(name).path)
            }
        }
        Thread.sleep(forTimeInterval: 0.001)
    }
    #endif
}
