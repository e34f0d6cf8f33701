import Foundation
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
    /// The default action: a Wi-Fi code's "Copy Password", else a code's payload when a code was
    /// found (and detectors are first-class), else "Copy Text", else the first detector's action
    /// that is not adding a past date to the calendar. `nil` when nothing is offered.
    public var primary: QuickAction?
    /// Every offered action, most likely first (the primary first of all).
    public var actions: [QuickAction]
    /// The actions among `actions` that are only secondary (detector actions in text mode).
    public var secondary: Set<QuickAction>
    /// The text is offered: highlighted, with the Live Text button and the text actions.
    public var offersText: Bool
    /// Detected items and codes are offered: underlined or outlined, with their actions.
    public var offersDetectors: Bool

    /// `nil` when the types offer nothing at all (`none`, or an empty list). A date that ended
    /// before the day of `now` is still offered for the calendar, but last.
    public init?(analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool,
                 now: Date = Date()) {
        let set = Set(types).subtracting([.none])
        guard !set.isEmpty else { return nil }
        offersText = set.contains(.automatic) || set.contains(.textSelection)
        let detectorsFirstClass = set.contains(.automatic) || set.contains(.dataDetectors)
        offersDetectors = detectorsFirstClass || allowDataDetectorsInTextMode
        var detector: [QuickAction] = []
        var codes: [QuickAction] = []
        var text: [QuickAction] = []
        var itemCopies: [QuickAction] = []
        var pastDates: [QuickAction] = []
        var wifiPassword: QuickAction?
        let today = Self.day(of: now)
        for action in analysis.actions {
            switch action.subject {
            case .text:
                text.append(action)
            case .code:
                codes.append(action)
            case .item(let index):
                // A Wi-Fi code's copy (of its password) is what the code is for: a primary action.
                let item = analysis.items.indices.contains(index) ? analysis.items[index] : nil
                let wifi = item?.kind == .wifi
                if wifi, action.kind == .copy, wifiPassword == nil, case .string(let password)? = item?.value["password"],
                   !password.isEmpty {
                    wifiPassword = action
                }
                if action.kind == .copy && !wifi {
                    itemCopies.append(action)
                } else if action.kind == .calendar, let item, Self.isPast(item, today: today) {
                    pastDates.append(action)
                } else {
                    detector.append(action)
                }
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
        if offersDetectors { ordered += itemCopies + pastDates }
        if offersText { ordered += text.filter { $0.kind != .copy } }
        if offersDetectors && !detectorsFirstClass {
            secondary = Set(codes + detector + itemCopies + pastDates)
        }
        // The default: a Wi-Fi password, else a code's payload, else the text, else the first
        // detector action (a past date's calendar comes after all others).
        primary = (detectorsFirstClass ? wifiPassword ?? codes.first : nil)
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

    /// "2026-03-03" of `date` in the local time zone.
    static func day(of date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A date item whose last day (its end, else its start) is before `today` ("2026-03-03").
    static func isPast(_ item: DetectedItem, today: String) -> Bool {
        guard item.kind == .date, case .string(let last)? = item.value["end"] ?? item.value["start"],
              last.count >= 10 else { return false }
        return String(last.prefix(10)) < today
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
