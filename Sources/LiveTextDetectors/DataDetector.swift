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
        let wanted = { (kinds: Set<ItemKind>) in only.map { !$0.isDisjoint(with: kinds) } ?? true }
        // Phone numbers are read last, in the regions the other items point at (RegionHints):
        // the detectors that give hints run for them even when their own kinds are not wanted.
        let phones = wanted([.phone])
        var hinted = context
        for detector in detectors where !detector.kinds.contains(.phone) {
            let own = wanted(detector.kinds)
            let hints = phones && !detector.kinds.isDisjoint(with: RegionHints.sourceKinds)
            guard own || hints else { continue }
            let detections = detector.detect(in: text, context: context)
            if hints { hinted.regionHints += RegionHints.hints(from: detections) }
            if own { found += detections }
        }
        for detector in detectors where detector.kinds.contains(.phone) && wanted(detector.kinds) {
            found += detector.detect(in: text, context: hinted)
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
        // One bit per scalar the kept detections cover: a detection is checked and marked in the
        // time of its own length (kept ones are disjoint, so marking all of them is at most one
        // pass over the text), and the survivors are sorted once at the end. Inserting each into
        // a sorted array instead moved half the array per item: quadratic on dense text.
        let end = detections.reduce(0) { max($0, $1.range.upperBound) }
        var covered = [UInt64](repeating: 0, count: end / 64 + 1)
        var kept: [Detection] = []
        for detection in ranked {
            let range = detection.range
            if range.isEmpty {
                let at = range.lowerBound
                if at >= 0, at < end, covered[at >> 6] & (1 << UInt64(at & 63)) != 0 { continue }
            } else {
                if range.contains(where: { covered[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }) { continue }
                for at in range { covered[at >> 6] |= 1 << UInt64(at & 63) }
            }
            kept.append(detection)
        }
        kept.sort { a, b in
            a.range.lowerBound != b.range.lowerBound
                ? a.range.lowerBound < b.range.lowerBound : a.range.upperBound < b.range.upperBound
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
