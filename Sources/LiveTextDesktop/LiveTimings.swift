import LiveTextCore

/// How long the steps of a live session took, in milliseconds (one decimal): what
/// `bench/live.py` reports.
public struct LiveTimings: Sendable, Hashable {
    /// From the start of the session to the frozen screen shown with both grabs held.
    public var shownMs: Double = 0
    /// From the start of the session to the first text live: the rows around the pointer (or the
    /// whole screen, when it came first).
    public var firstLiveMs: Double?
    /// From the start of the session to the reading in hand: the whole screen live.
    public var liveMs: Double?
    /// Each redraw while dragging: the selection changed → drawn on the server.
    public var redrawMs: [Double] = []
    /// Each copy: Ctrl+C or Enter → the clipboard ours with the text (the owner confirmed).
    public var copyMs: [Double] = []

    /// Milliseconds since `start`, one decimal.
    static func since(_ start: ContinuousClock.Instant) -> Double {
        ImageAnalysis.Timing.rounded((ContinuousClock.now - start) / .milliseconds(1))
    }

    /// One JSON object: `shown_ms`, `first_live_ms`, `live_ms`, `redraws`, `redraw_ms_median`, `redraw_ms_max`,
    /// `copy_ms` (the last copy's), null where nothing was measured.
    public var json: String {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        let sorted: [Double] = redrawMs.sorted()
        let median: Double? = sorted.isEmpty ? nil : sorted[sorted.count / 2]
        return "{\"shown_ms\": \(number(shownMs)), \"first_live_ms\": \(number(firstLiveMs)), "
            + "\"live_ms\": \(number(liveMs)), \"redraws\": \(redrawMs.count), "
            + "\"redraw_ms_median\": \(number(median)), \"redraw_ms_max\": \(number(sorted.last)), "
            + "\"copy_ms\": \(number(copyMs.last))}"
    }
}
