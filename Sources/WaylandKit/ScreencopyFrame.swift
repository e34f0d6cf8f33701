import CWayland
import CWaylandProtocols
import LiveTextCore

/// One frame of one output read through `zwlr_screencopy_manager_v1`: the compositor says what
/// buffer it wants (`buffer`, then `buffer_done` from version 3), copies into ours, then says
/// `ready` or `failed`.
final class ScreencopyFrame {
    /// What the frame's events said.
    final class State {
        var formats: [(format: UInt32, width: Int, height: Int, stride: Int)] = []
        var buffersDone = false
        var yInverted = false
        var ready = false
        var failed = false
    }

    /// The wl_shm formats read here, in order of preference: 8 bits a channel, then 10.
    static let formats: [UInt32] = [ShmFormat.xrgb8888, ShmFormat.argb8888, ShmFormat.xbgr8888, ShmFormat.abgr8888,
                                    ShmFormat.xrgb2101010, ShmFormat.argb2101010, ShmFormat.xbgr2101010, ShmFormat.abgr2101010]

    /// Captures `region` of `output` (output-local logical pixels; nil: all of it) without the
    /// cursor into a buffer of `kit`'s, and hands the pixels to `consume` while it is mapped.
    static func capture<T>(connection: WaylandConnection, kit: ScreencopyKit, output: OpaquePointer,
                           region: Bounds?, within deadline: Duration, cancel: CancellationFlag?,
                           consume: (FramePixels) throws -> T) throws -> T {
        let manager = kit.manager
        let frame: OpaquePointer
        if let region {
            frame = zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, Int32(region.x), Int32(region.y),
                                                                      Int32(region.width), Int32(region.height))
        } else {
            frame = zwlr_screencopy_manager_v1_capture_output(manager, 0, output)
        }
        defer { zwlr_screencopy_frame_v1_destroy(frame) }
        let state = Unmanaged.passRetained(State())
        defer { state.release() }
        zwlr_screencopy_frame_v1_add_listener(frame, frameListener.pointer, state.toOpaque())
        let values = state.takeUnretainedValue()
        // Before version 3 there is no buffer_done: the one buffer event is all there is.
        let hasBufferDone = wl_proxy_get_version(frame) >= 3
        try connection.dispatch(until: { values.failed || (hasBufferDone ? values.buffersDone : !values.formats.isEmpty) },
                                within: deadline, waitingFor: "the screen capture's buffer", cancel: cancel)
        if values.failed { throw LiveTextError(.failed, "the Wayland compositor refused to capture the screen (screencopy failed)") }
        guard let chosen = formats.lazy.compactMap({ wanted in values.formats.first { $0.format == wanted } }).first else {
            let offered = values.formats.map { String($0.format, radix: 16) }.joined(separator: ", ")
            throw LiveTextError(.failed, "the Wayland compositor offers the screen only in formats livetext does not read "
                                + "(wl_shm 0x\(offered))")
        }
        guard chosen.width > 0, chosen.height > 0, chosen.stride >= chosen.width * 4 else {
            throw LiveTextError(.failed, "the Wayland compositor asks for a \(chosen.width)×\(chosen.height) frame with rows of "
                                + "\(chosen.stride) bytes, too short for its pixels")
        }
        let key = ScreencopyKit.Key(width: chosen.width, height: chosen.height, stride: chosen.stride, format: chosen.format)
        let buffer = try kit.buffer(key)
        zwlr_screencopy_frame_v1_copy(frame, buffer.buffer)
        do {
            try connection.dispatch(until: { values.ready || values.failed }, within: deadline,
                                    waitingFor: "the screen capture", cancel: cancel)
        } catch {
            // The compositor may still write into it: never again.
            kit.discard(key)
            throw error
        }
        if values.failed { throw LiveTextError(.failed, "the Wayland compositor failed to copy the screen (screencopy failed)") }
        return try consume(FramePixels(memory: UnsafeRawPointer(buffer.memory), width: chosen.width, height: chosen.height,
                                       stride: chosen.stride, format: chosen.format, yInverted: values.yInverted))
    }

    private static func state(_ data: UnsafeMutableRawPointer?) -> State? {
        data.map { Unmanaged<State>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let frameListener = ListenerTable(zwlr_screencopy_frame_v1_listener(
        buffer: { data, _, format, width, height, stride in
            state(data)?.formats.append((format, Int(width), Int(height), Int(stride)))
        },
        flags: { data, _, flags in
            state(data)?.yInverted = flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT.rawValue != 0
        },
        ready: { data, _, _, _, _ in state(data)?.ready = true },
        failed: { data, _ in state(data)?.failed = true },
        damage: { _, _, _, _, _, _ in },
        linux_dmabuf: { _, _, _, _, _ in },
        buffer_done: { data, _ in state(data)?.buffersDone = true }))
}

/// wl_shm format codes: 0 and 1 are named by wl_shm itself, the others are DRM fourcc codes.
enum ShmFormat {
    static let argb8888: UInt32 = 0
    static let xrgb8888: UInt32 = 1
    static let abgr8888 = fourcc("AB24")
    static let xbgr8888 = fourcc("XB24")
    static let argb2101010 = fourcc("AR30")
    static let xrgb2101010 = fourcc("XR30")
    static let abgr2101010 = fourcc("AB30")
    static let xbgr2101010 = fourcc("XB30")

    static func fourcc(_ code: StaticString) -> UInt32 {
        let bytes = code.utf8Start
        return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }
}

/// A frame's pixels in the compositor's buffer, valid while `consume` runs.
struct FramePixels {
    let memory: UnsafeRawPointer
    let width: Int
    let height: Int
    let stride: Int
    let format: UInt32
    let yInverted: Bool

    /// Writes the frame as rgba8 (alpha 255) into `target` (rows of `targetWidth` pixels) at
    /// `origin`, turned by the inverse of the output's `transform` so that it reads as the user
    /// sees it; one pass, reading each pixel once.
    func write(into target: UnsafeMutablePointer<UInt8>, targetWidth: Int, origin: (x: Int, y: Int), transform: Int32) {
        let oriented = Orientation(transform: transform, width: width, height: height)
        let wide = format == ShmFormat.xrgb2101010 || format == ShmFormat.argb2101010
            || format == ShmFormat.xbgr2101010 || format == ShmFormat.abgr2101010
        let redFirst = format == ShmFormat.xbgr8888 || format == ShmFormat.abgr8888
            || format == ShmFormat.xbgr2101010 || format == ShmFormat.abgr2101010
        if transform == 0, !wide {
            return writeUpright(into: target, targetWidth: targetWidth, origin: origin, redFirst: redFirst)
        }
        for row in 0..<height {
            let sourceRow = memory.advanced(by: (yInverted ? height - 1 - row : row) * stride)
                .assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let value = UInt32(littleEndian: sourceRow[column])
                let (r, g, b): (UInt32, UInt32, UInt32)
                if wide {
                    let high = (value >> 22 & 0xFF, value >> 12 & 0xFF, value >> 2 & 0xFF)
                    (r, g, b) = redFirst ? (high.2, high.1, high.0) : high
                } else {
                    let bytes = (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
                    (r, g, b) = redFirst ? (bytes.2, bytes.1, bytes.0) : bytes
                }
                let (x, y) = oriented.place(column, row)
                let at = ((origin.y + y) * targetWidth + origin.x + x) * 4
                target[at] = UInt8(r)
                target[at + 1] = UInt8(g)
                target[at + 2] = UInt8(b)
                target[at + 3] = 255
            }
        }
    }
}

extension FramePixels {
    /// `write` for the common case, an upright output in 8 bits a channel: a row at a time, one
    /// 32-bit load and store a pixel (the bytes of XBGR8888 are already R, G, B; XRGB8888 swaps
    /// red and blue).
    func writeUpright(into target: UnsafeMutablePointer<UInt8>, targetWidth: Int, origin: (x: Int, y: Int), redFirst: Bool) {
        let opaque: UInt32 = 0xFF00_0000
        for row in 0..<height {
            let source = memory.advanced(by: (yInverted ? height - 1 - row : row) * stride)
            let destination = UnsafeMutableRawPointer(target.advanced(by: ((origin.y + row) * targetWidth + origin.x) * 4))
            source.withMemoryRebound(to: UInt32.self, capacity: width) { from in
                destination.withMemoryRebound(to: UInt32.self, capacity: width) { to in
                    if redFirst {
                        for column in 0..<width { to[column] = from[column] | opaque }
                    } else {
                        for column in 0..<width {
                            let value = from[column]
                            to[column] = (value >> 16 & 0xFF) | (value & 0xFF00) | (value & 0xFF) << 16 | opaque
                        }
                    }
                }
            }
        }
    }
}

/// Where a pixel of an output's buffer goes in the picture the user sees: the buffer is in the
/// output's physical orientation, and `wl_output.transform` says how the compositor turned the
/// desktop to draw it there; undoing it turns the buffer back.
struct Orientation {
    let transform: Int32
    let width: Int
    let height: Int

    /// The size of the picture the user sees.
    var size: (width: Int, height: Int) { transform % 2 == 1 ? (height, width) : (width, height) }

    func place(_ x: Int, _ y: Int) -> (Int, Int) {
        let turned: (Int, Int)
        switch transform % 4 {
        case 1: turned = (height - 1 - y, x)
        case 2: turned = (width - 1 - x, height - 1 - y)
        case 3: turned = (y, width - 1 - x)
        default: turned = (x, y)
        }
        // Flipped transforms mirror the picture horizontally as well.
        return transform >= 4 ? (size.width - 1 - turned.0, turned.1) : turned
    }
}
