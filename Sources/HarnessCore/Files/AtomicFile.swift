import Foundation

/// Writes files so that a reader, or a crash, never sees half of one: a temp file beside the target,
/// flushed, then renamed over it.
package enum AtomicFile {
    /// Temp files are hidden and end in `.tmp-<pid>`, so loaders skip them and `removeStaleTemps` can find them.
    static func tempURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
    }

    package static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temp = tempURL(for: url)
        guard FileManager.default.createFile(atPath: temp.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temp.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temp)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            guard rename(temp.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                               NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// Removes temp files a killed writer left under `folder`; returns how many.
    @discardableResult
    package static func removeStaleTemps(under folder: URL) -> Int {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return 0 }
        var removed = 0
        for case let url as URL in enumerator
        where url.lastPathComponent.hasPrefix(".") && url.lastPathComponent.range(of: ".tmp-") != nil {
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }
}
