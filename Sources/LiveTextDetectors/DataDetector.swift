import LiveTextCore

/// Runs the data detectors over a text and settles overlaps: the `detectors` analysis type and
/// `livetext detect`.
public struct DataDetector: Sendable {
    public let detectors: [any Detector]

    public init(detectors: [any Detector] = DataDetector.standardDetectors) {
        self.detectors = detectors
    }

    public static var standardDetectors: [any Detector] {
        [
            LinkDetector(), EmailDetector(), PhoneNumberDetector(), AddressDetector(),
            DateDetector(), FlightNumberDetector(), TrackingNumberDetector(), MoneyDetector(),
            MeasurementDetector(),
        ]
    }

    /// Every item in `text`, in text order, with no two overlapping.
    ///
    /// - Parameter only: the kinds wanted (`--only`); nil for every kind.
    public func detect(in text: String, only: Set<ItemKind>? = nil,
                       context: DetectionContext) -> [DetectedItem] {
        let scanned = ScannedText(text)
        return detections(in: scanned, only: only, context: context).map { $0.item(in: scanned, source: .text) }
    }

    /// The detections behind `detect`, in text order, with no two overlapping.
    public func detections(in text: ScannedText, only: Set<ItemKind>? = nil,
                           context: DetectionContext) -> [Detection] {
        var found: [Detection] = []
        for detector in detectors where only.map({ !$0.isDisjoint(with: detector.kinds) }) ?? true {
            found += detector.detect(in: text, context: context)
        }
        if let only { found.removeAll { !only.contains($0.kind) } }
        return Self.settleOverlaps(found)
    }

    /// Keeps the longest of overlapping detections (the more specific kind on a tie), then sorts
    /// by position. An email address beats the link inside it; an address beats the postcode a
    /// phone detector might see in it.
    static func settleOverlaps(_ detections: [Detection]) -> [Detection] {
        let ranked = detections.sorted { a, b in
            if a.range.count != b.range.count { return a.range.count > b.range.count }
            if a.kind.precedence != b.kind.precedence { return a.kind.precedence < b.kind.precedence }
            return a.range.lowerBound < b.range.lowerBound
        }
        // Kept ranges never overlap, so sorted by start they are sorted by end too: a new range
        // can only overlap its neighbours in that order (binary search, not a scan of all).
        var kept: [Detection] = []
        for detection in ranked {
            let range = detection.range
            var low = 0, high = kept.count
            while low < high {
                let mid = (low + high) / 2
                if kept[mid].range.lowerBound < range.lowerBound { low = mid + 1 } else { high = mid }
            }
            if low > 0, kept[low - 1].range.overlaps(range) { continue }
            if low < kept.count, kept[low].range.overlaps(range) { continue }
            if range.isEmpty, low > 0, kept[low - 1].range.contains(range.lowerBound) { continue }
            kept.insert(detection, at: low)
        }
        return kept
    }
}

extension ItemKind {
    /// Lower wins a tie between two detections of the same length.
    var precedence: Int {
        switch self {
        case .email: 0
        case .link: 1
        case .tracking: 2
        case .flight: 3
        case .phone: 4
        case .date: 5
        case .address: 6
        case .money: 7
        case .measurement: 8
        case .wifi, .contact, .geo: 9
        }
    }
}
