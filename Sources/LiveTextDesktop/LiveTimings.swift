import LiveTextCore
import LiveTextInteraction

/// How long the steps of a live session took, in milliseconds (one decimal): what
/// `bench/live.py` reports.
public struct LiveTimings: Sendable, Hashable {
    /// From the start of the session to the frozen screen shown with both grabs held.
    public var shownMs: Double = 0
    /// From the start of the session to the first text live: the first partial reading (or the
    /// whole screen, when it came first).
    public var firstLiveMs: Double?
    /// From the start of the session to the line under the pointer live: the first partial reading
    /// holding the line of the whole reading nearest the pointer (the whole, when none did).
    public var pointerLineMs: Double?
    /// From the start of the session to the first reading holding a line an application published
    /// (`TextSource.accessibility`); nil when none did.
    public var publishedLiveMs: Double?
    /// From the start of the session to the reading in hand: the whole screen live.
    public var liveMs: Double?
    /// Each redraw while dragging: the selection changed → drawn on the server.
    public var redrawMs: [Double] = []
    /// Each copy: Ctrl+C or Enter → the clipboard ours with the text (the owner confirmed).
    public var copyMs: [Double] = []
    /// The partial readings until the whole came: when each came and the lines it held.
    private var partials: [Arrival] = []

    init(shownMs: Double = 0) {
        self.shownMs = shownMs
    }

    private struct Arrival: Hashable {
        var ms: Double
        var lines: [Bounds]
    }

    /// A reading came to the surface `ms` after the start, the pointer (when on the surface) where
    /// it was when the screen froze.
    mutating func arrived(_ reading: LiveReading, at ms: Double, pointer: (x: Int, y: Int)?) {
        switch reading {
        case .partial(let partial) where liveMs == nil:
            if firstLiveMs == nil { firstLiveMs = ms }
            if publishedLiveMs == nil, Self.holdsPublished(partial.analysis) { publishedLiveMs = ms }
            partials.append(Arrival(ms: ms, lines: partial.analysis.blocks.flatMap(\.lines).map(\.bounds)))
        case .done(let analysis, _):
            if firstLiveMs == nil { firstLiveMs = ms }
            if publishedLiveMs == nil, Self.holdsPublished(analysis) { publishedLiveMs = ms }
            liveMs = ms
            let lines = analysis.blocks.flatMap(\.lines).map(\.bounds)
            pointerLineMs = pointer.flatMap { Self.nearest(lines, to: $0) }.map { line in
                partials.first { $0.lines.contains { !$0.intersection(line).isEmpty } }?.ms ?? ms
            }
            partials = []
        case .partial, .failed:
            break
        }
    }

    /// Whether `analysis` holds a line an application published.
    static func holdsPublished(_ analysis: ImageAnalysis) -> Bool {
        analysis.blocks.contains { $0.lines.contains { $0.source == .accessibility } }
    }

    /// The line nearest the point (one under it first); nil when there is none.
    static func nearest(_ lines: [Bounds], to point: (x: Int, y: Int)) -> Bounds? {
        let at = PixelPoint(x: point.x, y: point.y)
        func gap(_ line: Bounds) -> Double {
            let (dx, dy) = line.distance(to: at)
            return dx * dx + dy * dy
        }
        return lines.min { gap($0) < gap($1) }
    }

    /// Milliseconds since `start`, one decimal.
    public static func since(_ start: ContinuousClock.Instant) -> Double {
        ImageAnalysis.Timing.rounded((ContinuousClock.now - start) / .milliseconds(1))
    }

    /// One JSON object: `shown_ms`, `first_live_ms`, `pointer_line_ms`, `published_live_ms`, `live_ms`, `redraws`, `redraw_ms_median`,
    /// `redraw_ms_max`, `copy_ms` (the last copy's), null where nothing was measured.
    public var json: String {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        let sorted: [Double] = redrawMs.sorted()
        let median: Double? = sorted.isEmpty ? nil : sorted[sorted.count / 2]
        return "{\"shown_ms\": \(number(shownMs)), \"first_live_ms\": \(number(firstLiveMs)), "
            + "\"pointer_line_ms\": \(number(pointerLineMs)), \"published_live_ms\": \(number(publishedLiveMs)), "
            + "\"live_ms\": \(number(liveMs)), \"redraws\": \(redrawMs.count), "
            + "\"redraw_ms_median\": \(number(median)), \"redraw_ms_max\": \(number(sorted.last)), "
            + "\"copy_ms\": \(number(copyMs.last))}"
    }
}
