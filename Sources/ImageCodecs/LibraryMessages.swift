import Foundation
import LiveTextCore
#if canImport(Glibc)
import Glibc
#endif

/// Captures what image libraries print to stderr while they decode (libpng errors, libjpeg
/// and libtiff warnings), so that it can be judged and turned into one clear error instead.
enum LibraryMessages {
    /// Runs `body` with fd 2 pointed at a temporary file; returns its result and what was printed.
    static func capture<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
        try StandardError.lock.withLock {
            fflush(nil)
            let saved = dup(2)
            let file = tmpfile()
            let sink = file.map { fileno($0) } ?? -1
            guard saved >= 0, sink >= 0 else {
                if saved >= 0 { close(saved) }
                if let file { fclose(file) }
                return (try body(), [])
            }
            dup2(sink, 2)
            defer {
                fflush(nil)
                dup2(saved, 2)
                close(saved)
                fclose(file)
            }
            let result = try body()
            fflush(nil)
            return (result, read(sink))
        }
    }

    private static func read(_ fd: Int32) -> [String] {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(min(size, 64 * 1024)))
        let count = pread(fd, &bytes, bytes.count, 0)
        guard count > 0 else { return [] }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
            .split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && isLibraryMessage($0) }
    }

    /// fd 2 belongs to the whole process: while it is redirected, another thread (a logger, a
    /// test runner, tesseract on another image) may write to it too. Only lines in the shapes the
    /// image libraries print are taken as theirs.
    static func isLibraryMessage(_ line: String) -> Bool {
        libraryPrefixes.contains { line.hasPrefix($0) } || line.contains("TIFF")
    }

    private static let libraryPrefixes = [
        "libpng", "Error in ", "Warning in ",  // libpng; leptonica
        "Corrupt", "Premature", "Invalid JPEG", "Not a JPEG", "Bogus ", "Huffman", "Unsupported ",
        "Wrong JPEG", "Improper ", "Quantization table", "JPEG", "Warning: unknown JFIF",
        "Inconsistent progression",  // libjpeg
        "Unknown field", "Sorry,", "Read error", "Incorrect count", "Wrong data type",  // libtiff (and "TIFF" anywhere)
        "gif", "GIF", "webp", "WebP",
    ]

    /// The first message that means the pixels are not all there (errors, truncation, corrupt
    /// data); harmless warnings such as an odd colour profile do not count.
    static func damage(in messages: [String]) -> String? {
        let signs = ["error", "premature end", "corrupt", "truncat", "unexpected end", "invalid", "bad ", "missing"]
        return messages.first { message in
            let lower = message.lowercased()
            return signs.contains { lower.contains($0) }
        }
    }
}
