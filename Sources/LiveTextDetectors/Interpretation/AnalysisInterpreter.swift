import LiveTextCore

/// The `detectors` analysis type: items from the recognized text (with the pixel bounds of their
/// words) and from code payloads (with the code's bounds), then the quick actions they imply.
public struct AnalysisInterpreter: ContentInterpreter {
    public var detector: DataDetector
    public var context: DetectionContext
    public var planner: QuickActionPlanner
    /// Typed items in a code's payload (`WIFI:`, `mailto:`, vCard, ...), offsets into the payload.
    public var payloadItems: @Sendable (String, DetectionContext) -> [Detection]

    public init(detector: DataDetector = DataDetector(), context: DetectionContext,
                planner: QuickActionPlanner = QuickActionPlanner(),
                payloadItems: @escaping @Sendable (String, DetectionContext) -> [Detection] = CodePayloadClassifier.items) {
        self.detector = detector
        self.context = context
        self.planner = planner
        self.payloadItems = payloadItems
    }

    public func interpret(_ analysis: inout ImageAnalysis, only: Set<ItemKind>?) {
        let kinds = only
        let locations = WordLocations(analysis.blocks)
        // The languages the blocks were read in: their date words and their countries' phone
        // numbers count on this page (on top of any the context already names).
        var context = context
        for block in analysis.blocks {
            if let language = block.language { context.languages.insert(language) }
        }
        var items = detector.detect(in: analysis.text, only: kinds, context: context).map { item in
            var item = item
            let range = item.start..<item.end
            item.bounds = locations.bounds(of: range)
            let lines = locations.lineBounds(of: range)
            item.lines = lines.count > 1 ? lines : nil
            item.quad = item.bounds.map(Quad.init)
            item.lineQuads = item.lines.map { $0.map(Quad.init) }
            if let quad = locations.quad(of: range), !quad.isLevel {
                // Tilted text: the quads say where it is; the bounds are the boxes holding them.
                let lineQuads = locations.lineQuads(of: range)
                item.quad = quad
                item.bounds = quad.bounds
                item.lineQuads = lineQuads.count > 1 ? lineQuads : nil
                item.lines = lineQuads.count > 1 ? lineQuads.map(\.bounds) : nil
            }
            return item
        }
        for code in analysis.codes {
            let payload = ScannedText(code.payload)
            var found = payloadItems(code.payload, context)
            if found.isEmpty {
                // A payload that is just text ("Call +1 415 555 0123") still has items in it.
                found = detector.detections(in: payload, only: kinds, context: context)
            }
            for detection in found where kinds.map({ $0.contains(detection.kind) }) ?? true {
                items.append(detection.item(in: payload, bounds: code.bounds, source: .code))
            }
        }
        analysis.items = items
        analysis.actions = planner.actions(items: items, codes: analysis.codes, text: analysis.text)
    }
}
