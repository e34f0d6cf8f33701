/// Measurements with units.
public struct MeasurementDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.measurement] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
