/// Links, with or without a scheme.
public struct LinkDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.link] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
