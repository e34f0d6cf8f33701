/// Dates, times, ranges and durations, resolved against the reference time.
public struct DateDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.date] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
