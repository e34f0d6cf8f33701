/// Reading an image progressively, as live text does: where to start, and who hears of the text
/// read so far. The analysis itself is the same with or without it: only the order of the work
/// changes, and partial readings are handed on while it goes.
public struct ProgressiveReading: Sendable {
    /// Where the user looks (the pointer: one pixel), in the image's pixels: the text around it
    /// is read first, then the rest in rings around it. Nil: the usual order.
    public var focus: Bounds?
    /// The shortest time between two partial readings handed on (the first goes at once):
    /// lines read meanwhile go together in the next.
    public var interval: Duration
    /// Hears each partial reading, one at a time, in order, never after the analysis returned.
    public var observe: @Sendable (PartialAnalysis) -> Void

    public init(focus: Bounds? = nil, interval: Duration = .milliseconds(40),
                observe: @escaping @Sendable (PartialAnalysis) -> Void) {
        self.focus = focus
        self.interval = interval
        self.observe = observe
    }
}

/// The text of an image read so far, while its analysis goes on.
public struct PartialAnalysis: Sendable {
    /// Grows from one partial reading of an analysis to the next (it counts the pieces of lines
    /// read): a later one holds every line an earlier one held.
    public var generation: Int
    /// The lines read so far, in the image's coordinates and in reading order, the codes, and the
    /// items and actions found in them (the whole analysis, read in full context, replaces
    /// them); no timing.
    public var analysis: ImageAnalysis

    public init(generation: Int, analysis: ImageAnalysis) {
        self.generation = generation
        self.analysis = analysis
    }
}
