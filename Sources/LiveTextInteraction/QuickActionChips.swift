import Foundation
import LiveTextCore

/// The quick actions the Live Text button shows as chips, as Apple does: a few, the most useful for
/// the content, and "More…" for the rest.
///
/// A subject gives one chip: an item found in the text, a code (with the items read from its
/// payload), or the text. Its chip is its lead action: the first that does something besides
/// copying (open, mail, call, map, track, add to the calendar), else its first copy; look-up and
/// translate actions are never chips. The chips, left to right:
///
/// 1. The offer's default action (`InteractionOffer.primary`: a Wi-Fi code's password, else a
///    code's payload, else Copy Text), drawn filled.
/// 2. The other subjects' lead actions, ranked by kind: codes; then items that act (links, email
///    addresses, phone numbers, addresses, flights, tracking numbers, dates to come); then the
///    text; then items that can only be copied (money, measurements) and dates gone by. Within a
///    rank, the one that covers more of the screen first (the area of its lines, or of the code:
///    large and long text before small print), then reading order.
///
/// At most `limit` chips. When there are more actions than chips, "More…" lists every one of
/// them, subject by subject in the chips' order.
public struct QuickActionChips: Sendable, Hashable {
    /// The most chips shown, "More…" aside.
    public static let limit = 3

    /// The chips' actions, most useful first.
    public var shown: [QuickAction]
    /// What "More…" lists: every first-class action, one group a subject (its chip's action first,
    /// then the others in the analysis' order), the subjects in the chips' order. Empty when the
    /// chips are all there is.
    public var more: [[QuickAction]]

    /// The chips of what `offer` offers in `analysis`; `now` tells a date to come from one gone by.
    public init(offer: InteractionOffer, analysis: ImageAnalysis, now: Date = Date()) {
        let firstClass = Set(offer.actions).subtracting(offer.secondary)
        let chipable = Set(offer.chipActions)
        // Subjects in the analysis' order, each with its first-class actions in that order.
        var order: [QuickAction.Subject] = []
        var actions: [QuickAction.Subject: [QuickAction]] = [:]
        for action in analysis.actions where firstClass.contains(action) {
            let subject = Self.subject(of: action, in: analysis)
            if actions[subject] == nil { order.append(subject) }
            actions[subject, default: []].append(action)
        }
        let today = InteractionOffer.day(of: now)
        var ranked: [(subject: QuickAction.Subject, lead: QuickAction, rank: Int, area: Int, position: Int)] = []
        for (position, subject) in order.enumerated() {
            let candidates = actions[subject, default: []].filter(chipable.contains)
            guard var lead = candidates.first(where: { $0.kind != .copy }) ?? candidates.first else { continue }
            var rank = Self.rank(subject, lead: lead, in: analysis, today: today)
            if let primary = offer.primary, Self.subject(of: primary, in: analysis) == subject, chipable.contains(primary) {
                // The default action is the first chip, whatever its subject's rank.
                (lead, rank) = (primary, -1)
            }
            ranked.append((subject, lead, rank, Self.area(of: subject, in: analysis), position))
        }
        ranked.sort { a, b in
            a.rank != b.rank ? a.rank < b.rank : a.area != b.area ? a.area > b.area : a.position < b.position
        }
        shown = Array(ranked.prefix(Self.limit).map(\.lead))
        let groups = ranked.map { entry in [entry.lead] + actions[entry.subject, default: []].filter { $0 != entry.lead } }
        // Subjects with no chip of their own (look-up and translate alone) come last.
        let unranked = order.filter { subject in !ranked.contains { $0.subject == subject } }.map { actions[$0, default: []] }
        let every = groups + unranked
        more = every.reduce(0) { $0 + $1.count } > shown.count ? every : []
    }

    /// What an action's chip stands for: an item read from a code's payload counts as its code.
    static func subject(of action: QuickAction, in analysis: ImageAnalysis) -> QuickAction.Subject {
        guard case .item(let index) = action.subject, analysis.items.indices.contains(index),
              analysis.items[index].source == .code,
              let code = analysis.codes.indices.first(where: { analysis.isItem(index, fromCode: $0) }) else { return action.subject }
        return .code(code)
    }

    /// 0 a code, 1 an item whose lead action acts, 2 the text, 3 an item that can only be copied
    /// or a date gone by.
    private static func rank(_ subject: QuickAction.Subject, lead: QuickAction, in analysis: ImageAnalysis,
                             today: String) -> Int {
        switch subject {
        case .code: return 0
        case .text: return 2
        case .item(let index):
            if lead.kind == .copy { return 3 }
            if lead.kind == .calendar, analysis.items.indices.contains(index),
               InteractionOffer.isPast(analysis.items[index], today: today) { return 3 }
            return 1
        }
    }

    /// How much of the screen a subject covers, in square pixels: an item's lines, a code's bounds.
    private static func area(of subject: QuickAction.Subject, in analysis: ImageAnalysis) -> Int {
        switch subject {
        case .text: return 0
        case .code(let index):
            guard analysis.codes.indices.contains(index) else { return 0 }
            return analysis.codes[index].bounds.width * analysis.codes[index].bounds.height
        case .item(let index):
            guard analysis.items.indices.contains(index) else { return 0 }
            return analysis.items[index].lineRects.reduce(0) { $0 + $1.width * $1.height }
        }
    }
}
