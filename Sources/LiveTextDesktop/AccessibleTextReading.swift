import Accessibility
import LiveTextCore

/// The text applications publish on the accessibility bus, placed on a screen capture: each
/// application's lines in the windows of its process, clipped to them, those under another
/// window left out, in the capture's pixels. Read while the OCR reads; what has not come within
/// the deadline is left to the OCR.
public struct AccessibleTextReading: Sendable {
    /// The session bus the accessibility bus is found through (nil: the process's own).
    public var sessionAddress: String?
    public var limits: AccessibilityLimits

    public init(sessionAddress: String? = nil, limits: AccessibilityLimits = .standard) {
        self.sessionAddress = sessionAddress
        self.limits = limits
    }

    /// The published lines on `capture`; none for pixels that are no screen capture, without an
    /// accessibility bus, or when nothing answered in time.
    public func lines(on capture: AcquiredImage) async -> [PublishedLine] {
        guard let area = capture.screenArea, !capture.windows.isEmpty else { return [] }
        guard let reader = try? await AccessibilityReader.connect(sessionAddress: sessionAddress, timeout: limits.deadline)
        else { return [] }
        defer { reader.close() }
        let screen = await reader.read(limits: limits)
        return Self.placed(screen, windows: capture.windows, area: area,
                           imageWidth: capture.image.width, imageHeight: capture.image.height)
    }

    /// Whether `capture` is a screen capture that says nothing of its windows (a Wayland
    /// compositor's): its published lines are placed by `WindowOffsetVote`, after the OCR.
    static func placesByVote(_ capture: AcquiredImage) -> Bool {
        capture.screenArea != nil && capture.windows.isEmpty
    }

    /// The lines each application publishes, in its window's coordinates scaled to the pixels of
    /// `capture` (a screen capture that says nothing of its windows: a Wayland compositor's, whose
    /// applications know only where in their window they draw), one list an application, for
    /// `WindowOffsetVote` to place against the OCR's lines; none without an accessibility bus or
    /// when nothing answered in time.
    public func windowLines(on capture: AcquiredImage) async -> [[PublishedLine]] {
        guard let area = capture.screenArea, capture.windows.isEmpty else { return [] }
        guard let reader = try? await AccessibilityReader.connect(sessionAddress: sessionAddress, timeout: limits.deadline)
        else { return [] }
        defer { reader.close() }
        return Self.windowRelative(await reader.read(limits: limits), area: area, imageWidth: capture.image.width,
                                   imageHeight: capture.image.height)
    }

    /// The lines of `screen`, one list an application, their boxes taken as window coordinates
    /// and scaled as a capture of `area` in `imageWidth` × `imageHeight` pixels is; lines of one
    /// widget share a group. A table's cells are lines too, each with its table, row, column and
    /// place (`PublishedCell`), placed with the others.
    static func windowRelative(_ screen: AccessibleScreen, area: Bounds, imageWidth: Int, imageHeight: Int)
        -> [[PublishedLine]] {
        let scale = Self.scale(of: area, imageWidth: imageWidth, imageHeight: imageHeight)
        let scaled = { (box: Bounds) in Self.scaled(box, from: (0, 0), by: scale) }
        var groups: [String: Int] = [:]
        var tables = 0
        return screen.applications.enumerated().map { number, application in
            var lines = application.lines.map { line in
                let key = "\(number):\(line.widget)"
                let group = groups[key] ?? groups.count
                groups[key] = group
                return PublishedLine(text: line.text, bounds: scaled(line.bounds), geometryTrusted: line.geometryTrusted,
                                     boxIsWidget: line.boxIsWidget, group: group)
            }
            for table in application.tables {
                let group = groups.count
                groups["\(number):table \(tables)"] = group
                for (row, column, cell) in table.numberedCells {
                    let text = cell.textBounds ?? cell.bounds
                    lines.append(PublishedLine(text: cell.text, bounds: scaled(text), group: group,
                                               cell: PublishedCell(table: tables, row: row, column: column,
                                                                   place: scaled(cell.bounds.union(text)))))
                }
                tables += 1
            }
            return lines
        }.filter { !$0.isEmpty }
    }

    /// Places the lines of `screen` on a capture of `area` (`imageWidth` × `imageHeight` pixels)
    /// showing `windows` (topmost first): a line goes with the window of its application's
    /// process that holds its middle, is clipped to that window, and is left out when any window
    /// above covers part of it (the OCR reads what shows of it) or when no window of its process
    /// holds it. Lines of one widget share a group. A table's cells are placed as lines (an empty
    /// cell by its place), each with its table, row, column and place (`PublishedCell`); the
    /// cells of one table share a group.
    static func placed(_ screen: AccessibleScreen, windows: [ScreenWindow], area: Bounds,
                       imageWidth: Int, imageHeight: Int) -> [PublishedLine] {
        let scale = Self.scale(of: area, imageWidth: imageWidth, imageHeight: imageHeight)
        let scaled = { (shown: Bounds) in Self.scaled(shown, from: (area.x, area.y), by: scale) }
        var placed: [PublishedLine] = []
        var groups: [String: Int] = [:]
        var tables = 0
        for (number, application) in screen.applications.enumerated() {
            guard let pid = application.pid else { continue }
            let own = windows.indices.filter { windows[$0].pid == pid }
            guard let first = own.first else { continue }
            let origin = application.windowRelative ? (x: windows[first].area.x, y: windows[first].area.y) : (x: 0, y: 0)
            // A box on the screen, what shows of it and the window it shows in; nil when it is not shown whole.
            let shown = { (box: Bounds) -> (box: Bounds, window: Int)? in
                let bounds = box.moved(x: origin.x, y: origin.y)
                let middle = (x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
                guard let index = own.first(where: { windows[$0].area.contains(x: middle.x, y: middle.y) }) else { return nil }
                let shown = bounds.intersection(windows[index].area).intersection(area)
                guard !shown.isEmpty, !windows[..<index].contains(where: { !$0.outer.intersection(shown).isEmpty })
                else { return nil }
                return (shown, index)
            }
            for line in application.lines {
                guard let box = shown(line.bounds) else { continue }
                let key = "\(number):\(line.widget)"
                let group = groups[key] ?? groups.count
                groups[key] = group
                placed.append(PublishedLine(text: line.text, bounds: scaled(box.box), geometryTrusted: line.geometryTrusted,
                                            boxIsWidget: line.boxIsWidget, group: group))
            }
            for table in application.tables {
                let group = groups.count
                groups["\(number):table \(tables)"] = group
                for (row, column, cell) in table.numberedCells {
                    guard let text = shown(cell.textBounds ?? cell.bounds) else { continue }
                    let place = cell.bounds.moved(x: origin.x, y: origin.y).intersection(windows[text.window].area)
                        .intersection(area)
                    placed.append(PublishedLine(text: cell.text, bounds: scaled(text.box), group: group,
                                                cell: PublishedCell(table: tables, row: row, column: column,
                                                                    place: scaled(place.union(text.box)))))
                }
                tables += 1
            }
        }
        return placed
    }

    /// How many of a capture's pixels one screen pixel of `area` is, across and down.
    static func scale(of area: Bounds, imageWidth: Int, imageHeight: Int) -> (x: Double, y: Double) {
        (area.width > 0 ? Double(imageWidth) / Double(area.width) : 1, area.height > 0 ? Double(imageHeight) / Double(area.height) : 1)
    }

    /// `box` counted from `origin` and scaled by `scale`, to whole pixels.
    static func scaled(_ box: Bounds, from origin: (x: Int, y: Int), by scale: (x: Double, y: Double)) -> Bounds {
        Bounds(x: Int((Double(box.x - origin.x) * scale.x).rounded()), y: Int((Double(box.y - origin.y) * scale.y).rounded()),
               width: Int((Double(box.width) * scale.x).rounded()), height: Int((Double(box.height) * scale.y).rounded()))
    }
}
