import CWayland
import CWaylandProtocols
import LiveTextCore

/// Captures what a `CaptureTarget` names on a wlroots compositor: the outputs it covers, each read
/// with wlr-screencopy and written once into the picture, at the largest scale among them (a
/// 1× output beside a 2× one is drawn twice as large; what no output covers stays black).
enum WaylandScreenCapture {
    /// How long the compositor has for one frame.
    static let frameDeadline: Duration = .seconds(5)

    /// `outputs`: the outputs already bound on `connection`, when the caller has them; `kit`: the
    /// bindings and buffers of earlier captures on it, when the caller keeps them.
    static func capture(_ target: CaptureTarget, connection: WaylandConnection, outputs bound: OutputList? = nil,
                        kit kept: ScreencopyKit? = nil, cancel: CancellationFlag? = nil) throws -> CapturedImage {
        if case .window = target {
            throw LiveTextError(.unavailable, "capturing a window by its id is not available on Wayland: a Wayland "
                                + "program can neither name nor read other programs' windows; capture a region "
                                + "(--region X,Y,W,H) or a monitor (--monitor N) instead")
        }
        let kit = try kept ?? ScreencopyKit(connection: connection)
        defer { if kept == nil { kit.destroy() } }
        let outputs = try bound ?? OutputList(connection: connection)
        defer { if bound == nil { outputs.destroy() } }
        let described = outputs.outputs
        let area = try self.area(of: target, outputs: described)
        let covering = described.indices.filter { !described[$0].logical.intersection(area).isEmpty }
        let scale = covering.map { Int(described[$0].monitor.scale.rounded(.up)) }.max() ?? 1
        let width = area.width * scale, height = area.height * scale
        // Written once: only a picture that outputs do not cover entirely starts opaque black.
        let parts = covering.map { described[$0].logical.intersection(area) }
        let disjoint = parts.indices.allSatisfy { i in parts.indices.allSatisfy { j in i == j || parts[i].intersection(parts[j]).isEmpty } }
        let covered = disjoint && parts.map(\.area).reduce(0, +) == area.area
        var pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            if !covered {
                for index in stride(from: 0, to: buffer.count, by: 4) {
                    buffer[index] = 0
                    buffer[index + 1] = 0
                    buffer[index + 2] = 0
                    buffer[index + 3] = 255
                }
            }
            count = buffer.count
        }
        for index in covering {
            let output = described[index]
            let part = output.logical.intersection(area)
            // A part of a turned output is read whole and cut here: wlroots places a region of a
            // rotated or flipped output elsewhere than asked (grim, too, reads whole outputs).
            let whole = part == output.logical || output.transform != 0
            let local = Bounds(x: part.x - output.logical.x, y: part.y - output.logical.y, width: part.width, height: part.height)
            try ScreencopyFrame.capture(connection: connection, kit: kit, output: outputs.proxy(at: index),
                                        region: whole ? nil : local, within: frameDeadline, cancel: cancel) { frame in
                let origin = ((part.x - area.x) * scale, (part.y - area.y) * scale)
                let oriented = Orientation(transform: output.transform, width: frame.width, height: frame.height).size
                let fits = oriented.width == part.width * scale && oriented.height == part.height * scale
                    && (part == output.logical || output.transform == 0)
                pixels.withUnsafeMutableBufferPointer { target in
                    if fits {
                        frame.write(into: target.baseAddress!, targetWidth: width, origin: origin, transform: output.transform)
                    } else {
                        // A smaller scale than the picture's: read, then draw it larger.
                        var own = [UInt8](repeating: 0, count: oriented.width * oriented.height * 4)
                        own.withUnsafeMutableBufferPointer {
                            frame.write(into: $0.baseAddress!, targetWidth: oriented.width, origin: (0, 0), transform: output.transform)
                        }
                        // The part of the output asked for, in the frame's pixels.
                        let ratio = Double(oriented.width) / Double(max(output.logical.width, 1))
                        let crop = whole && part != output.logical
                            ? Bounds(x: Int((Double(local.x) * ratio).rounded()), y: Int((Double(local.y) * ratio).rounded()),
                                     width: Int((Double(local.width) * ratio).rounded()),
                                     height: Int((Double(local.height) * ratio).rounded()))
                            : Bounds(x: 0, y: 0, width: oriented.width, height: oriented.height)
                        stretch(own, width: oriented.width, crop: crop, into: target.baseAddress!, targetWidth: width,
                                at: origin, size: (part.width * scale, part.height * scale))
                    }
                }
            }
        }
        return CapturedImage(image: PixelImage(width: width, height: height, format: .rgba8, pixels: pixels), bounds: area)
    }

    /// What the unavailable error says when the compositor has no capture protocol.
    static func missingProtocol(_ socket: String) -> String {
        "cannot read the screen: the Wayland display '\(socket)' offers no screen capture protocol "
            + "(zwlr_screencopy_manager_v1): wlroots compositors (sway, Hyprland, river, labwc, Wayfire) offer it; "
            + "on GNOME and KDE Plasma livetext reads it through the desktop's screenshot service instead"
    }

    /// The screen's rectangle for `target`, in layout coordinates, with X11's errors for a
    /// monitor that does not exist or a region off the screen.
    static func area(of target: CaptureTarget, outputs: [WaylandOutput]) throws -> Bounds {
        let screen = outputs.map(\.logical).union
        switch target {
        case .screen, .window:
            guard !screen.isEmpty else { throw LiveTextError(.unavailable, "the Wayland compositor shows no output") }
            return screen
        case .monitor(let index):
            guard outputs.indices.contains(index) else {
                let list = outputs.enumerated().map { "\($0.offset): \($0.element.name) \($0.element.logical)" }
                throw LiveTextError(.invalidArgs, "no monitor \(index): the monitors are \(list.joined(separator: ", "))")
            }
            return outputs[index].logical
        case .region(let region):
            guard !region.isEmpty else {
                throw LiveTextError(.invalidArgs, "region \(region) is empty: give a width and height above 0 "
                                    + "(the screen is \(screen.width)×\(screen.height))")
            }
            let inside = region.intersection(screen)
            guard !inside.isEmpty, outputs.contains(where: { !$0.logical.intersection(inside).isEmpty }) else {
                throw LiveTextError(.invalidArgs, "region \(region) lies outside the screen (\(screen.width)×\(screen.height) "
                                    + "at \(screen.x),\(screen.y))")
            }
            return inside
        }
    }

    /// Draws the `crop` of `source` (rows of `width` pixels) scaled to `size` (nearest pixel)
    /// into `target` at `origin`.
    static func stretch(_ source: [UInt8], width: Int, crop: Bounds, into target: UnsafeMutablePointer<UInt8>,
                        targetWidth: Int, at origin: (Int, Int), size: (Int, Int)) {
        guard size.0 > 0, size.1 > 0, crop.width > 0, crop.height > 0 else { return }
        for y in 0..<size.1 {
            let sy = crop.y + y * crop.height / size.1
            for x in 0..<size.0 {
                let sx = crop.x + x * crop.width / size.0
                let from = (sy * width + sx) * 4, to = ((origin.1 + y) * targetWidth + origin.0 + x) * 4
                for channel in 0..<4 { target[to + channel] = source[from + channel] }
            }
        }
    }
}
