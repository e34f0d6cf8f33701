import Foundation
import ImageCodecs
import LiveTextCore

/// Reads images from the places a user names: a path, `-` for stdin, or bytes in hand.
public struct ImageInput: Sendable {
    public var limits: ImageLimits
    private let decoder: any ImageDecoder

    public init(limits: ImageLimits = ImageLimits(), decoder: any ImageDecoder = LeptonicaImageDecoder()) {
        self.limits = limits
        self.decoder = decoder
    }

    /// Decodes encoded image bytes.
    public func decode(_ data: Data) throws -> PixelImage {
        try decoder.decode(data, limits: limits)
    }

    /// Reads and decodes a file, with errors that name it.
    public func load(path: String) throws -> (PixelImage, source: String) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LiveTextError(.notFound, "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw LiveTextError(.invalidImage, "\(path): is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw LiveTextError(.accessDenied, "\(path): permission denied")
        }
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                data = try Data(contentsOf: url, options: .mappedIfSafe)
            } else {  // a FIFO or device: read, but never without end
                guard let handle = FileHandle(forReadingAtPath: path) else {
                    throw LiveTextError(.accessDenied, "\(path): cannot open")
                }
                defer { try? handle.close() }
                data = try readBounded(handle, name: path)
            }
        } catch let error as LiveTextError {
            throw error
        } catch {
            throw LiveTextError(.invalidImage, "\(path): cannot read: \(error.localizedDescription)")
        }
        do {
            return (try decode(data), "file:" + url.standardizedFileURL.path)
        } catch let error as LiveTextError {
            throw LiveTextError(error.code, "\(path): \(error.message)")
        }
    }

    /// Reads all of standard input and decodes it.
    public func loadStandardInput() throws -> (PixelImage, source: String) {
        let data = try readStandardInput()
        do {
            return (try decode(data), "stdin")
        } catch let error as LiveTextError {
            throw LiveTextError(error.code, "stdin: \(error.message)")
        }
    }

    /// All of standard input, bounded; an error when it is empty.
    public func readStandardInput() throws -> Data {
        try readAll(FileHandle.standardInput, name: "stdin")
    }

    /// All of an open descriptor (a memfd, pipe or file handed over D-Bus), from its start when
    /// it can seek; the descriptor stays open.
    public func read(fileDescriptor fd: Int32, name: String) throws -> Data {
        _ = lseek(fd, 0, SEEK_SET)
        return try readAll(FileHandle(fileDescriptor: fd, closeOnDealloc: false), name: name)
    }

    /// Bounded, and never empty: no bytes is no image.
    private func readAll(_ handle: FileHandle, name: String) throws -> Data {
        let data = try readBounded(handle, name: name)
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "\(name): empty, no image data") }
        return data
    }

    /// Encoded input larger than this is refused before it is all read (a 100-megapixel BMP is 400 MB).
    public static let maxEncodedBytes = 1 << 30

    private func readBounded(_ handle: FileHandle, name: String) throws -> Data {
        try BoundedRead.all(handle, limit: Self.maxEncodedBytes, name: name, what: "image data")
    }
}
