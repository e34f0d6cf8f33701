import Foundation
import ImageCodecs
import LiveTextCore
#if canImport(Glibc)
import Glibc
#endif

/// What `ImageInput.probe` says of encoded bytes (the type lives with the parsers, in ImageCodecs).
public typealias ImageProbe = ImageCodecs.ImageProbe

/// Reads images from the places a user names: a path, `-` for stdin, or bytes in hand.
///
/// Every image is probed first (`probe`: its size, frames, pages and scans from its bytes, no
/// pixel allocated), then decoded in a worker process of `workers`, bounded in CPU time and
/// memory and killed when the task awaiting it is cancelled.
public struct ImageInput: Sendable {
    public var limits: ImageLimits
    private let decoder: any ImageDecoder
    private let workers: DecodeWorkers

    /// `decoder` decodes in this process (`decodeInProcess`) and checks a stream's first bytes;
    /// `workers` decodes everything else.
    public init(limits: ImageLimits = ImageLimits(), decoder: any ImageDecoder = LeptonicaImageDecoder(),
                workers: DecodeWorkers = .shared) {
        self.limits = limits
        self.decoder = decoder
        self.workers = workers
    }

    /// What `data` is and what decoding it will cost, from its bytes alone: throws the refusals a
    /// decode would (`tooLarge` over the pixel limit, naming a frame or page; `invalidImage` for
    /// what is not an image, is cut short, or has too many frames, pages or scans).
    public func probe(_ data: Data) throws -> ImageProbe {
        try ImageProbe(data, limits: limits)
    }

    /// Decodes encoded image bytes in a worker process: probed here first, then bounded in CPU
    /// time and memory there; cancelling the task kills the worker.
    public func decode(_ data: Data) async throws -> PixelImage {
        let probe = try probe(data)
        return try await workers.decode(data, probe: probe, limits: limits)
    }

    /// Decodes in this process, synchronously, with no CPU bound and no way to stop it: only for
    /// bytes livetext made itself (a notification's preview), never for a caller's or a user's.
    public func decodeInProcess(_ data: Data) throws -> PixelImage {
        try decoder.decode(data, limits: limits)
    }

    /// What `load(path:)` does with a FIFO (named pipe) path.
    public enum FIFOPaths: Sendable {
        /// Read it as stdin is read (the CLI: `livetext analyze <(maim -s)` names a pipe), waiting
        /// for its writer as `cat` would.
        case read
        /// Refuse it (the daemon: a path names a file; a stream comes as a descriptor).
        case refused
    }

    /// Reads and decodes a file, with errors that name it.
    public func load(path: String, fifos: FIFOPaths = .read) async throws -> (PixelImage, source: String) {
        let data = try await BlockingWork.run { try read(path: path, fifos: fifos) }
        do {
            return (try await decode(data), "file:" + URL(fileURLWithPath: path).standardizedFileURL.path)
        } catch let error as LiveTextError {
            throw error.about(path)
        }
    }

    /// The encoded bytes of a file (or of a FIFO, as `fifos` says), bounded by `maxEncodedBytes`.
    /// Only files and FIFOs are opened: a device (`/dev/zero`, a terminal) is refused by what
    /// `stat` says, before it is opened.
    public func read(path: String, fifos: FIFOPaths = .read) throws -> Data {
        let data: Data
        switch try Self.check(path: path, fifos: fifos) {
        case .regularFile:
            // Non-blocking: if the path became a FIFO since the stat, opening it must not wait.
            let fd = try Self.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            defer { close(fd) }
            guard case .regularFile(let size)? = DescriptorKind(descriptor: fd) else {
                throw LiveTextError(.invalidImage, "\(path): changed while it was opened")
            }
            data = try BoundedRead.file(fd, size: size, limit: maxEncodedBytes, name: path, what: "image data")
        case .pipe:
            let fd = try Self.open(path, O_RDONLY | O_CLOEXEC)
            defer { close(fd) }
            data = try readAll(FileHandle(fileDescriptor: fd, closeOnDealloc: false), name: path)
        case let kind:
            throw LiveTextError(.invalidImage, "\(path): is \(kind.name), not an image file")
        }
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "\(path): empty, no image data") }
        return data
    }

    /// What `read(path:fifos:)` would refuse before reading, found with a `stat` and an `access`
    /// and nothing opened, so a caller can say it at once (a missing file, a directory, a device,
    /// a FIFO when `fifos` refuses them, a file it may not read); returns what the path names.
    public static func check(path: String, fifos: FIFOPaths = .read) throws -> DescriptorKind {
        let kind = try kind(ofPath: path)
        switch kind {
        case .regularFile:
            guard access(path, R_OK) == 0 else { throw pathError(errno, path) }
        case .pipe:
            guard fifos == .read else {
                throw LiveTextError(.invalidArgs, "\(path): is a FIFO (named pipe); pass a stream as a file "
                                    + "descriptor (AnalyzeImageFd), or give a file")
            }
        case .directory:
            throw LiveTextError(.invalidImage, "\(path): is a directory")
        default:
            throw LiveTextError(.invalidImage, "\(path): is \(kind.name), not an image file")
        }
        return kind
    }

    /// What a path names (symlinks followed), with the reason when it cannot be looked at.
    public static func kind(ofPath path: String) throws -> DescriptorKind {
        var info = stat()
        guard stat(path, &info) == 0 else { throw pathError(errno, path) }
        return DescriptorKind(info)
    }

    private static func open(_ path: String, _ flags: Int32) throws -> Int32 {
        let fd = Glibc.open(path, flags)
        guard fd >= 0 else { throw pathError(errno, path) }
        return fd
    }

    private static func pathError(_ code: Int32, _ path: String) -> LiveTextError {
        switch code {
        case ENOENT, ENOTDIR: LiveTextError(.notFound, "\(path): no such file")
        case ELOOP: LiveTextError(.notFound, "\(path): too many levels of symbolic links (a symlink loop)")
        case EACCES, EPERM: LiveTextError(.accessDenied, "\(path): permission denied")
        default: LiveTextError(.invalidImage, "\(path): cannot open: \(String(cString: strerror(code)))")
        }
    }

    /// Reads all of standard input and decodes it.
    public func loadStandardInput() async throws -> (PixelImage, source: String) {
        try await load(standardInput: try await BlockingWork.run(.waiting) { try readStandardInput() })
    }

    /// Decodes what was read from standard input, with errors that say so.
    public func load(standardInput data: Data) async throws -> (PixelImage, source: String) {
        do {
            return (try await decode(data), "stdin")
        } catch let error as LiveTextError {
            throw error.about("stdin")
        }
    }

    /// All of standard input, bounded; an error when it is empty. Blocking, with no deadline:
    /// the writer may be waiting for the user (`maim -s | livetext analyze -`).
    public func readStandardInput() throws -> Data {
        try readAll(FileHandle.standardInput, name: "stdin")
    }

    /// All of a descriptor handed over by another process (a memfd, file, pipe or socket): files
    /// from their start, streams until their writer closes them, within `timeout` and
    /// `maxEncodedBytes`, cancelled with the task; never empty. The descriptor stays open.
    public func read(descriptor fd: Int32, name: String, timeout: Duration,
                     progress: DescriptorRead.Progress? = nil) async throws -> Data {
        let data = try await DescriptorRead.all(fd, limit: maxEncodedBytes, timeout: timeout, name: name,
                                                what: "image data", checkStart: { [decoder] in try decoder.checkStart($0) },
                                                progress: progress)
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "\(name): empty, no image data") }
        return data
    }

    /// Bounded, and never empty: no bytes is no image.
    private func readAll(_ handle: FileHandle, name: String) throws -> Data {
        let data = try BoundedRead.all(handle, limit: maxEncodedBytes, name: name, what: "image data",
                                       checkStart: decoder.checkStart)
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "\(name): empty, no image data") }
        return data
    }

    /// Encoded input larger than this is refused before it is all read (`ImageLimits.maxEncodedBytes`).
    public var maxEncodedBytes: Int { limits.maxEncodedBytes }
}
