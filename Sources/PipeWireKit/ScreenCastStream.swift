import CPipeWireFrames
import LiveTextCore

/// One PipeWire video stream followed from this process: the frames a screen cast's producer
/// (mutter, KWin) sends, of which the newest is kept. Opening it connects to the session's
/// PipeWire daemon (its socket in `XDG_RUNTIME_DIR`, or a descriptor a portal handed over) and asks
/// for the node in memory this process can map (no DMA-BUF: reading those would need a GPU).
public final class ScreenCastStream: @unchecked Sendable {
    // The consumer locks itself (PipeWire's thread loop): any thread may call, until `close`.
    private let consumer: OpaquePointer

    /// Follows `node` of the daemon at `socket` (a path; nil: where libpipewire looks itself), or
    /// through `descriptor` (a portal's PipeWire remote, owned from here on).
    public init(node: UInt32, socket: String? = nil, descriptor: Int32? = nil) throws {
        var said = [CChar](repeating: 0, count: 256)
        guard let made = lt_pw_consumer_open(descriptor ?? -1, socket, node, &said, said.count) else {
            throw LiveTextError(.unavailable, Self.string(said))
        }
        consumer = made
    }

    deinit { lt_pw_consumer_close(consumer) }

    /// The first frame newer than `after` (nil: any), as rgba8, within `deadline`. Throws
    /// `unavailable` when the stream failed or none came in time.
    public func frame(newerThan after: UInt64 = 0, within deadline: Duration) throws -> (image: PixelImage, sequence: UInt64) {
        var said = [CChar](repeating: 0, count: 256)
        let milliseconds = max(1, Int32(clamping: deadline.components.seconds * 1000
                                                  + deadline.components.attoseconds / 1_000_000_000_000_000))
        let waited = lt_pw_consumer_wait(consumer, after, milliseconds, &said, said.count)
        guard waited >= 0 else { throw LiveTextError(.unavailable, Self.string(said)) }
        guard waited > 0 else {
            throw LiveTextError(.unavailable, "the screen cast sent no frame within \(milliseconds) ms (PipeWire links "
                                + "the stream through its session manager: is wireplumber running?)")
        }
        var width: Int32 = 0, height: Int32 = 0, layout: Int32 = 0
        _ = lt_pw_consumer_frame_info(consumer, &width, &height, &layout)
        // A frame newer than the one measured may land between the two calls: it is copied only
        // when it has the same size.
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let copied = pixels.withUnsafeMutableBufferPointer { lt_pw_consumer_copy_rgba(consumer, $0.baseAddress, $0.count) }
        guard copied > 0 else {
            throw LiveTextError(.failed, "the screen cast's frame changed size while it was read")
        }
        return (PixelImage(width: Int(width), height: Int(height), format: .rgba8, pixels: pixels), copied)
    }

    private static func string(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
