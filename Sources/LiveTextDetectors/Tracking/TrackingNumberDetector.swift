/// Shipment tracking numbers with verified check digits.
public struct TrackingNumberDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.tracking] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
