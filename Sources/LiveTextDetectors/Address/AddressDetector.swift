/// Postal addresses (US, UK, DE, FR, CA), across line breaks.
public struct AddressDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.address] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
