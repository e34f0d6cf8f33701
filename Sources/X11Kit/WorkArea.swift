import CX11
import LiveTextCore

/// The part of the screen left to windows: what panels and docks keep for themselves (an i3bar, a
/// taskbar, xfce4-panel) is not covered by the Live Text button or chips.
///
/// Two sources, both EWMH: the window manager's `_NET_WORKAREA` (one rectangle per desktop, over
/// the whole screen) and each panel's own `_NET_WM_STRUT_PARTIAL` (or the older `_NET_WM_STRUT`),
/// which says which edge of the screen it holds and along which span, so a panel on one monitor
/// trims that monitor only. Struts count even without a window manager that publishes a work area.
enum WorkArea {
    /// A band a panel holds along one edge of the screen, in root coordinates.
    struct Reserved: Equatable {
        enum Edge: Equatable { case left, right, top, bottom }
        var edge: Edge
        var rect: Bounds
    }

    /// The bands of a `_NET_WM_STRUT_PARTIAL` (12 values) or `_NET_WM_STRUT` (4: whole edges) on
    /// a `screen`-sized root; empty for anything else.
    static func reserved(strut values: [Int], screen: (width: Int, height: Int)) -> [Reserved] {
        guard values.count == 4 || values.count >= 12 else { return [] }
        let (left, right, top, bottom) = (values[0], values[1], values[2], values[3])
        func span(_ index: Int, whole: Int) -> (start: Int, length: Int) {
            guard values.count >= 12 else { return (0, whole) }
            let start = max(0, values[index]), end = min(whole - 1, values[index + 1])
            return (start, max(0, end - start + 1))
        }
        var bands: [Reserved] = []
        if left > 0 {
            let along = span(4, whole: screen.height)
            bands.append(Reserved(edge: .left, rect: Bounds(x: 0, y: along.start, width: left, height: along.length)))
        }
        if right > 0 {
            let along = span(6, whole: screen.height)
            bands.append(Reserved(edge: .right, rect: Bounds(x: screen.width - right, y: along.start, width: right, height: along.length)))
        }
        if top > 0 {
            let along = span(8, whole: screen.width)
            bands.append(Reserved(edge: .top, rect: Bounds(x: along.start, y: 0, width: along.length, height: top)))
        }
        if bottom > 0 {
            let along = span(10, whole: screen.width)
            bands.append(Reserved(edge: .bottom, rect: Bounds(x: along.start, y: screen.height - bottom, width: along.length, height: bottom)))
        }
        return bands.filter { !$0.rect.isEmpty }
    }

    /// What is left of `area` (root coordinates): within `workArea` when it overlaps the area
    /// (a work area beside it says nothing of it), then each band over the area trims the area's
    /// side on its edge. The area itself when that would leave less than half of either side
    /// (a bogus strut must not hide the interface).
    static func left(of area: Bounds, workArea: Bounds?, reserved: [Reserved]) -> Bounds {
        var (minX, minY, maxX, maxY) = (area.x, area.y, area.maxX, area.maxY)
        if let workArea, !workArea.intersection(area).isEmpty {
            let inside = workArea.intersection(area)
            (minX, minY, maxX, maxY) = (inside.x, inside.y, inside.maxX, inside.maxY)
        }
        for band in reserved where !band.rect.intersection(area).isEmpty {
            switch band.edge {
            case .left: minX = max(minX, band.rect.maxX)
            case .right: maxX = min(maxX, band.rect.x)
            case .top: minY = max(minY, band.rect.maxY)
            case .bottom: maxY = min(maxY, band.rect.y)
            }
        }
        let result = Bounds(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard result.width * 2 >= area.width, result.height * 2 >= area.height else { return area }
        return result
    }
}

extension X11Display {
    /// The part of `area` (root coordinates) left to windows (`WorkArea`). A few round trips: the
    /// root's children and their own children (a reparenting window manager keeps a panel's
    /// strut on the client inside its frame), shown ones only.
    func workArea(in area: Bounds) -> Bounds {
        let screen = screenSize
        var reserved: [WorkArea.Reserved] = []
        let partial = atom("_NET_WM_STRUT_PARTIAL"), whole = atom("_NET_WM_STRUT")
        trapErrors {
            for window in shownChildren(of: root) {
                for candidate in [window] + children(of: window) {
                    let values = (try? readProperty(of: candidate, partial, delete: false, maxBytes: 256))??.longs
                        ?? (try? readProperty(of: candidate, whole, delete: false, maxBytes: 256))??.longs
                    guard let values else { continue }
                    reserved += WorkArea.reserved(strut: values.map { Int(Int32(truncatingIfNeeded: $0)) }, screen: screen)
                    break
                }
            }
        }
        return WorkArea.left(of: area, workArea: netWorkArea(), reserved: reserved)
    }

    /// `_NET_WORKAREA` of the current desktop (`_NET_CURRENT_DESKTOP`, else the first).
    private func netWorkArea() -> Bounds? {
        guard let values = (try? readProperty(of: root, atom("_NET_WORKAREA"), delete: false, maxBytes: 64 * 1024))??.longs,
              values.count >= 4 else { return nil }
        let current = (try? readProperty(of: root, atom("_NET_CURRENT_DESKTOP"), delete: false, maxBytes: 64))??.longs?.first ?? 0
        let index = Int(current) * 4 + 4 <= values.count ? Int(current) * 4 : 0
        let rect = values[index..<index + 4].map { Int(Int32(truncatingIfNeeded: $0)) }
        return Bounds(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
    }

    private func shownChildren(of window: Window) -> [Window] {
        children(of: window).filter { child in
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(handle, child, &attributes) != 0 && attributes.map_state == IsViewable
        }
    }
}
