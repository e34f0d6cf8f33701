import Foundation
import ImageCodecs

/// How long the CLI waits for the daemon's result before it says so and works in-process: a base
/// for queueing behind other clients, plus time per megapixel. Generous on purpose (a dense
/// 1920×1080 screen takes about 7 s on 2 cores, its deadline is 161 s): the pings notice a stopped
/// daemon within seconds, this only ends a wait on a daemon that answers but never finishes.
enum ReplyDeadline {
    static let base: Duration = .seconds(120)
    static let perMegapixel: Duration = .seconds(20)
    /// When the size is not known before the daemon reads the image: a 3840×2160 screen.
    static let unknownPixels = 3840 * 2160

    static func forPixels(_ pixels: Int?) -> Duration {
        let megapixels = min(Double(pixels ?? unknownPixels), 1e9) / 1e6
        return base + perMegapixel * megapixels
    }

    /// The deadline for encoded image bytes, sized by their header.
    static func forImage(_ data: Data) -> Duration {
        forPixels(LeptonicaImageDecoder.headerSize(of: data).map { $0.width * $0.height })
    }

    /// The deadline for a file the daemon will read, sized by its header. Only a regular file is
    /// looked at (a FIFO or device is not opened here), and only its first MiB.
    static func forFile(_ path: String) -> Duration {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return forPixels(nil) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return forPixels(nil) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: Int(min(info.st_size, 1 << 20)))
        let count = pread(fd, &head, head.count, 0)
        guard count > 0 else { return forPixels(nil) }
        return forImage(Data(head[..<count]))
    }
}
