import Foundation
import LiveTextCore
import LiveTextEngines
#if canImport(Glibc)
import Glibc
#endif

/// A file a caller named by path, opened when the call arrived, before anyone was asked about
/// it: the consent prompt names where it really is (`shownPath`, its canonical path: symlinks
/// resolved, `.` and `..` gone), and what is read after an answer is this very file, whatever
/// the path names by then. Why it could not be opened is kept and told only after the gate, so
/// a sandboxed caller cannot probe which files exist.
final class GrantedFile: Sendable {
    /// The path as the caller gave it.
    let requested: String
    /// `requested` made lexically clean (`.`, `..` and double slashes gone), as the JSON's
    /// `image.source` names it.
    let lexicalPath: String
    /// What the prompt shows: the opened file's canonical path, or the requested one made
    /// absolute and lexically clean when nothing could be opened.
    let shownPath: String
    private let opened: Result<(fd: Int32, size: Int), LiveTextError>

    /// Opens `path` (absolute) for reading: a regular file only, without waiting on a FIFO and
    /// without making a terminal the daemon's.
    init(opening path: String) {
        requested = path
        let lexical = URL(fileURLWithPath: path).standardizedFileURL.path
        lexicalPath = lexical
        do {
            guard case .regularFile = try ImageInput.check(path: path, fifos: .refused) else {
                throw LiveTextError(.invalidImage, "\(path): not a regular file")
            }
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            guard fd >= 0 else {
                throw LiveTextError(errno == EACCES ? .accessDenied : .invalidImage,
                                    "\(path): cannot open: \(String(cString: strerror(errno)))")
            }
            // The path may have changed between the look and the open.
            guard case .regularFile(let size)? = DescriptorKind(descriptor: fd) else {
                close(fd)
                throw LiveTextError(.invalidImage, "\(path): changed while it was opened")
            }
            opened = .success((fd, size))
            shownPath = Self.canonicalPath(of: fd) ?? lexical
        } catch {
            opened = .failure(error as? LiveTextError ?? LiveTextError(.failed, "\(error)"))
            shownPath = lexical
        }
    }

    deinit {
        if case .success(let file) = opened { close(file.fd) }
    }

    /// The encoded bytes of the opened file, up to `limit`; the reason it could not be opened
    /// otherwise. Blocks: call it off the cooperative pool.
    func read(limit: Int) throws -> Data {
        let (fd, size) = try opened.get()
        let data = try BoundedRead.file(fd, size: size, limit: limit, name: requested, what: "image data")
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "\(requested): empty, no image data") }
        return data
    }

    /// Throws why the file could not be opened.
    func check() throws {
        _ = try opened.get()
    }

    /// Where an open descriptor's file is, as the kernel names it.
    private static func canonicalPath(of fd: Int32) -> String? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"),
              path.hasPrefix("/"), !path.hasSuffix(" (deleted)") else { return nil }
        return path
    }
}
