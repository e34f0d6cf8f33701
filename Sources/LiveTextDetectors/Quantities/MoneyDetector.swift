/// Money amounts with their currency.
public struct MoneyDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.money] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        []
    }
}
