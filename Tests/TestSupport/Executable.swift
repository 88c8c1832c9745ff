import Foundation

/// Writes a script `text` at `url` and makes it executable, through a close-on-exec descriptor: a process another
/// test forks meanwhile must not inherit it open for writing, or running the script fails with "Text file busy"
/// (ETXTBSY), as a CI-example test once did.
public func writeExecutable(_ url: URL, _ text: String) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
}
