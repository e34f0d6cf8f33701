/// Phone numbers, national and international, validated against numbering plans.
public struct PhoneNumberDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.phone] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
