/// Flight numbers: airline designator and 1-4 digits.
public struct FlightNumberDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.flight] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
