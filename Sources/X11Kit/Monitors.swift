import CX11
import LiveTextCore

/// The monitors of a display, from RandR 1.5 or Xinerama.
enum MonitorList {
    /// RandR's active monitors; Xinerama's heads when it reports more of them (a server running real
    /// Xinerama, whose RandR only sees the first screen, e.g. `Xvfb +xinerama`); the root window as
    /// one monitor when neither says anything. The primary monitor is marked; when none is, the
    /// first one is (as RandR's own Xinerama emulation treats it).
    static func query(_ display: X11Display) throws -> [Monitor] {
        try display.checkAlive()
        let randr = randrMonitors(display), xinerama = xineramaHeads(display)
        try display.checkAlive()
        var monitors = xinerama.count > randr.count ? xinerama : randr
        if monitors.isEmpty {
            let (width, height) = display.screenSize
            monitors = [Monitor(name: "screen", bounds: Bounds(x: 0, y: 0, width: width, height: height), isPrimary: true)]
        }
        if !monitors.contains(where: \.isPrimary) { monitors[0].isPrimary = true }
        return monitors
    }

    private static func randrMonitors(_ display: X11Display) -> [Monitor] {
        let handle = display.handle
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(handle, &eventBase, &errorBase) != 0,
              XRRQueryVersion(handle, &major, &minor) != 0, (major, minor) >= (1, 5) else { return [] }
        var count: Int32 = 0
        var monitors: [Monitor] = []
        display.trapErrors {
            guard let list = XRRGetMonitors(handle, display.root, 1, &count) else { return }
            defer { XRRFreeMonitors(list) }
            for info in UnsafeBufferPointer(start: list, count: Int(max(count, 0))) {
                let name = display.atomName(info.name) ?? "monitor-\(monitors.count)"
                monitors.append(Monitor(name: name,
                                        bounds: Bounds(x: Int(info.x), y: Int(info.y),
                                                       width: Int(info.width), height: Int(info.height)),
                                        isPrimary: info.primary != 0, widthMillimetres: Int(info.mwidth)))
            }
        }
        return monitors
    }

    private static func xineramaHeads(_ display: X11Display) -> [Monitor] {
        let handle = display.handle
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XineramaQueryExtension(handle, &eventBase, &errorBase) != 0, XineramaIsActive(handle) != 0 else { return [] }
        var count: Int32 = 0
        var heads: [Monitor] = []
        display.trapErrors {
            guard let list = XineramaQueryScreens(handle, &count) else { return }
            defer { XFree(list) }
            for (index, info) in UnsafeBufferPointer(start: list, count: Int(max(count, 0))).enumerated() {
                heads.append(Monitor(name: "Xinerama-\(index)",
                                     bounds: Bounds(x: Int(info.x_org), y: Int(info.y_org),
                                                    width: Int(info.width), height: Int(info.height)),
                                     isPrimary: false))
            }
        }
        return heads
    }
}

extension X11Display {
    /// The physical density of the monitor holding a point (root coordinates), when it reports a
    /// believable size (`Monitor.physicalDotsPerInch`).
    func physicalDotsPerInch(at point: (x: Int, y: Int)) -> Double? {
        guard let monitors = try? MonitorList.query(self) else { return nil }
        return monitors.first { $0.bounds.contains(x: point.x, y: point.y) }?.physicalDotsPerInch
    }
}
