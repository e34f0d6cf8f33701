import LiveTextCore

/// What an analysis offers the user under a set of interaction types (VisionKit's
/// `preferredInteractionTypes`): which quick actions, which one is the default, and whether the
/// text itself is offered (highlighted, with the Live Text button and "Copy Text").
///
/// - `automatic`: the text and the detectors' actions.
/// - `textSelection`: the text; the detectors' actions only as secondary ones, and only when
///   `allowDataDetectorsInTextMode`.
/// - `dataDetectors`: the detectors' actions (codes included), no text actions.
/// - `none`: nothing, so no notification. Listed with other types, it is ignored.
public struct InteractionOffer: Sendable, Hashable {
    /// The default action: a code's payload when a code was found (and detectors are first-class),
    /// else "Copy Text", else the first detector's action. `nil` when nothing is offered.
    public var primary: QuickAction?
    /// Every offered action, most likely first (the primary first of all).
    public var actions: [QuickAction]
    /// The actions among `actions` that are only secondary (detector actions in text mode).
    public var secondary: Set<QuickAction>
    /// The text is offered: highlighted, with the Live Text button and the text actions.
    public var offersText: Bool
    /// Detected items and codes are offered: underlined or outlined, with their actions.
    public var offersDetectors: Bool

    /// `nil` when the types offer nothing at all (`none`, or an empty list).
    public init?(analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool) {
        let set = Set(types).subtracting([.none])
        guard !set.isEmpty else { return nil }
        offersText = set.contains(.automatic) || set.contains(.textSelection)
        let detectorsFirstClass = set.contains(.automatic) || set.contains(.dataDetectors)
        offersDetectors = detectorsFirstClass || allowDataDetectorsInTextMode
        var detector: [QuickAction] = []
        var codes: [QuickAction] = []
        var text: [QuickAction] = []
        var itemCopies: [QuickAction] = []
        for action in analysis.actions {
            switch action.subject {
            case .text:
                text.append(action)
            case .code:
                codes.append(action)
            case .item(let index):
                // A Wi-Fi code's copy (of its password) is what the code is for: a primary action.
                let wifi = analysis.items.indices.contains(index) && analysis.items[index].kind == .wifi
                if action.kind == .copy && !wifi { itemCopies.append(action) } else { detector.append(action) }
            }
        }
        var ordered: [QuickAction] = []
        var secondary = Set<QuickAction>()
        if offersDetectors {
            ordered += codes + detector
        }
        if offersText {
            // "Copy Text" right after the codes and detectors' own actions: the user selected text.
            ordered += text.filter { $0.kind == .copy }
        }
        if offersDetectors { ordered += itemCopies }
        if offersText { ordered += text.filter { $0.kind != .copy } }
        if offersDetectors && !detectorsFirstClass {
            secondary = Set(codes + detector + itemCopies)
        }
        // The default: a code's payload, else the text, else the first detector action.
        primary = (detectorsFirstClass ? codes.first : nil)
            ?? (offersText ? text.first { $0.kind == .copy } : nil)
            ?? ordered.first { !secondary.contains($0) }
            ?? ordered.first
        if let primary, let index = ordered.firstIndex(of: primary) {
            ordered.remove(at: index)
            ordered.insert(primary, at: 0)
        }
        actions = ordered
        self.secondary = secondary
    }

    /// The chips of the supplementary interface: the first-class actions, most likely first,
    /// without the look-up and translate ones (they need a browser, not a glance).
    public var chipActions: [QuickAction] {
        actions.filter { !secondary.contains($0) && $0.kind != .lookup && $0.kind != .translate }
    }

    /// The item rectangles to underline (one per line an item covers) and the code bounds to
    /// outline: only when detectors are offered.
    public func detectorBounds(in analysis: ImageAnalysis) -> (items: [Bounds], codes: [Bounds]) {
        guard offersDetectors else { return ([], []) }
        let items = analysis.items.filter { $0.source == .text }.flatMap(\.lineRects)
        return (items, analysis.codes.map(\.bounds))
    }

    /// The line bounds to highlight: only when the text is offered.
    public func textBounds(in analysis: ImageAnalysis) -> [Bounds] {
        guard offersText else { return [] }
        return analysis.blocks.flatMap { $0.lines.map(\.bounds) }
    }
}
