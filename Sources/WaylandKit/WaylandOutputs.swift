import CWayland
import CWaylandProtocols
import LiveTextCore

/// One output of the compositor as its `wl_output` and `zxdg_output_v1` describe it.
public struct WaylandOutput: Sendable, Hashable {
    /// `HEADLESS-1`, `DP-2`: xdg-output's or wl_output's name (`output-N` when neither says).
    public var name: String
    /// Where it is in the compositor's layout, in logical pixels.
    public var logical: Bounds
    /// Its current mode: physical pixels, before the transform.
    public var modeWidth: Int
    public var modeHeight: Int
    /// The integer scale the compositor asks clients to draw at.
    public var scale: Int
    /// `wl_output.transform`: 0 normal, 1–3 rotated by 90° steps, 4–7 the same flipped.
    public var transform: Int32

    /// As a monitor of the seam: the logical rectangle, and physical pixels per logical one.
    public var monitor: Monitor {
        let physicalWidth = transform % 2 == 1 ? modeHeight : modeWidth
        let ratio = logical.width > 0 && physicalWidth > 0 ? Double(physicalWidth) / Double(logical.width) : Double(scale)
        return Monitor(name: name, bounds: logical, isPrimary: false, scale: ratio)
    }
}

/// The outputs of one connection, bound with their xdg-outputs and kept up to date by the
/// events dispatched on that connection; destroyed with `destroy()` (on the connection's thread).
final class OutputList {
    /// One bound output and what its events said so far.
    final class Entry {
        let proxy: OpaquePointer
        var xdg: OpaquePointer?
        var name: String?
        var xdgName: String?
        var position: (x: Int, y: Int)?
        var logicalSize: (width: Int, height: Int)?
        var mode = (width: 0, height: 0)
        var geometry = (x: 0, y: 0)
        var scale = 1
        var transform: Int32 = 0

        init(proxy: OpaquePointer) { self.proxy = proxy }

        var output: WaylandOutput {
            let rotated = transform % 2 == 1
            let fallbackWidth = (rotated ? mode.height : mode.width) / max(scale, 1)
            let fallbackHeight = (rotated ? mode.width : mode.height) / max(scale, 1)
            let origin = position ?? geometry
            let size = logicalSize ?? (fallbackWidth, fallbackHeight)
            return WaylandOutput(name: xdgName ?? name ?? "output", logical: Bounds(x: origin.x, y: origin.y, width: size.width,
                                                                                    height: size.height),
                                 modeWidth: mode.width, modeHeight: mode.height, scale: scale, transform: transform)
        }
    }

    private(set) var entries: [Unmanaged<Entry>] = []
    private var manager: OpaquePointer?

    /// Binds every output the compositor announced (and xdg-output where offered) and waits
    /// until each has described itself.
    init(connection: WaylandConnection, within deadline: Duration = .seconds(5)) throws {
        for global in connection.globals("wl_output") {
            let proxy = connection.bind(global, lt_wl_output_interface(), version: 4)
            let entry = Unmanaged.passRetained(Entry(proxy: proxy))
            wl_output_add_listener(proxy, Self.outputListener.pointer, entry.toOpaque())
            entries.append(entry)
        }
        if let global = connection.global("zxdg_output_manager_v1") {
            let manager = connection.bind(global, lt_zxdg_output_manager_v1_interface(), version: 3)
            self.manager = manager
            for entry in entries {
                let xdg = zxdg_output_manager_v1_get_xdg_output(manager, entry.takeUnretainedValue().proxy)!
                entry.takeUnretainedValue().xdg = xdg
                zxdg_output_v1_add_listener(xdg, Self.xdgListener.pointer, entry.toOpaque())
            }
        }
        do {
            // The first round trip brings wl_output's events; xdg-output's come with or after it.
            try connection.roundtrip(within: deadline)
            try connection.roundtrip(within: deadline)
        } catch {
            destroy()
            throw error
        }
    }

    /// The outputs, in the order the compositor announced them.
    var outputs: [WaylandOutput] { entries.map { $0.takeUnretainedValue().output } }

    func proxy(at index: Int) -> OpaquePointer { entries[index].takeUnretainedValue().proxy }

    func destroy() {
        for entry in entries {
            let value = entry.takeUnretainedValue()
            if let xdg = value.xdg { zxdg_output_v1_destroy(xdg) }
            if wl_proxy_get_version(value.proxy) >= 3 { wl_output_release(value.proxy) } else { wl_output_destroy(value.proxy) }
            entry.release()
        }
        entries = []
        if let manager { zxdg_output_manager_v1_destroy(manager) }
        manager = nil
    }

    private static func entry(_ data: UnsafeMutableRawPointer?) -> Entry? {
        data.map { Unmanaged<Entry>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let outputListener = ListenerTable(wl_output_listener(
        geometry: { data, _, x, y, _, _, _, _, _, transform in
            entry(data)?.geometry = (Int(x), Int(y))
            entry(data)?.transform = transform
        },
        mode: { data, _, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            entry(data)?.mode = (Int(width), Int(height))
        },
        done: { _, _ in },
        scale: { data, _, factor in entry(data)?.scale = Int(factor) },
        name: { data, _, name in entry(data)?.name = name.map { String(cString: $0) } },
        description: { _, _, _ in }))

    private static let xdgListener = ListenerTable(zxdg_output_v1_listener(
        logical_position: { data, _, x, y in entry(data)?.position = (Int(x), Int(y)) },
        logical_size: { data, _, width, height in entry(data)?.logicalSize = (Int(width), Int(height)) },
        done: { _, _ in },
        name: { data, _, name in entry(data)?.xdgName = name.map { String(cString: $0) } },
        description: { _, _, _ in }))
}
