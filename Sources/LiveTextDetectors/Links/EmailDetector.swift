/// Email addresses.
public struct EmailDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.email] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
