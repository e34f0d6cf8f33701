import Foundation
import LiveTextCore
import LiveTextDetectors
import LiveTextInteraction

/// What happened to the result before the notification: it is shown, or it was also copied or typed.
public enum NotificationDelivery: Sendable, Hashable {
    case shown
    case copied(String)
    case typed(String)
}

/// The words of a notification about an analysis, ready for `Notify`.
public struct ComposedNotification: Sendable, Hashable {
    public var summary: String
    /// Plain text, or the spec's markup subset (escaped) when the server has `body-markup`.
    public var body: String
    /// The buttons in order; the primary action goes under the spec's `default` key.
    public var actions: [NotificationAction]
    /// The quick action each key stands for.
    public var actionIDs: [String: String]
}

/// Writes a notification a person reads at a glance ("Copied 3 lines", "QR code: Wi-Fi “Home”",
/// "2 links, 1 phone number") from an analysis and what it offers. Servers without `actions` get
/// the essentials (the payloads and targets) in the body instead; servers without `body-markup`
/// get plain text. What came from the image (payloads, text, titles) passes `NotificationText`:
/// a NUL, a control or a bidi override is written out, not sent.
public struct NotificationComposer: Sendable {
    public var supportsActions: Bool
    public var supportsMarkup: Bool
    /// Buttons beyond the default one; servers show few (GNOME 3, dunst's menu more).
    public var maxActions: Int

    public init(supportsActions: Bool = true, supportsMarkup: Bool = false, maxActions: Int = 4) {
        self.supportsActions = supportsActions
        self.supportsMarkup = supportsMarkup
        self.maxActions = maxActions
    }

    public func compose(_ analysis: ImageAnalysis, offer: InteractionOffer,
                        delivery: NotificationDelivery = .shown) -> ComposedNotification {
        let codeLine = offer.offersDetectors ? Self.codesPhrase(analysis) : nil
        let itemLine = offer.offersDetectors ? Self.itemsPhrase(analysis.items.filter { $0.source == .text }) : nil
        var body: [String] = []
        let summary: String
        switch delivery {
        case .copied(let text):
            // Codes alone (the codes hotkey): say what was copied, not how many lines.
            summary = "Copied " + (analysis.text.isEmpty ? codeLine ?? Self.linesPhrase(text) : Self.linesPhrase(text))
        case .typed(let text):
            summary = "Typed " + Self.linesPhrase(text)
        case .shown:
            if let codeLine {
                summary = codeLine
            } else if let itemLine {
                summary = itemLine
            } else if offer.offersText, !analysis.text.isEmpty {
                summary = "Text: " + Self.linesPhrase(analysis.text)
            } else {
                summary = "No text found"
            }
        }
        for line in [codeLine, itemLine] {
            if let line, line != summary { body.append(escape(line)) }
        }
        if offer.offersDetectors, let network = Self.networkLine(analysis) { body.append(escape(network)) }
        if offer.offersText, !analysis.text.isEmpty {
            body.append(escape(Self.excerpt(analysis.text)))
        } else if !offer.offersText, offer.offersDetectors {
            let values = analysis.items.filter { $0.source == .text }.prefix(4).map { Self.short($0.singleLineText, 80) }
            if !values.isEmpty { body.append(escape(values.joined(separator: "\n"))) }
        }
        if analysis.text.isEmpty, analysis.codes.isEmpty, case .shown = delivery {
            body.append("Nothing readable in the \(analysis.image.width)×\(analysis.image.height) image.")
        }

        var actions: [NotificationAction] = []
        var ids: [String: String] = [:]
        if supportsActions {
            for (n, action) in offer.actions.prefix(maxActions + 1).enumerated() {
                let key = n == 0 && action == offer.primary ? "default" : action.id
                actions.append(NotificationAction(key: key, label: NotificationText.summary(action.title)))
                ids[key] = action.id
            }
        } else {
            // No buttons: the essentials go into the body, where they can be read and selected.
            let essentials = offer.actions.filter { $0.kind != .lookup && $0.kind != .translate && !($0.subject == .text && $0.kind == .copy) }
                .prefix(maxActions).map { essential($0) }
            if !essentials.isEmpty { body.append(essentials.joined(separator: "\n")) }
        }
        return ComposedNotification(summary: NotificationText.summary(summary), body: body.joined(separator: "\n\n"),
                                actions: actions, actionIDs: ids)
    }

    /// "Open example.org: https://example.org/a", the payload in full for a code (up to 300 characters).
    private func essential(_ action: QuickAction) -> String {
        let isCode = if case .code = action.subject { true } else { false }
        let target = isCode ? Self.short(action.target, 300) : Self.short(action.target, 120)
        let title = action.kind == .copy ? String(action.title.dropFirst("Copy ".count)) : action.title
        let (shownTitle, shownTarget) = (escape(title), escape(target))
        return supportsMarkup ? "<b>\(shownTitle)</b>: \(shownTarget)" : "\(shownTitle): \(shownTarget)"
    }

    private func escape(_ text: String) -> String { NotificationText.body(text, markup: supportsMarkup) }

    // MARK: Phrases

    /// "1 line", "3 lines".
    static func linesPhrase(_ text: String) -> String {
        let count = text.nonEmptyLines.count
        return count == 1 ? "1 line" : "\(count) lines"
    }

    /// "QR code: Wi-Fi “Home”", "QR code: example.org", "EAN-13: 4006381333931", "2 codes".
    static func codesPhrase(_ analysis: ImageAnalysis) -> String? {
        guard let code = analysis.codes.first else { return nil }
        if analysis.codes.count > 1 { return "\(analysis.codes.count) codes" }
        let kind = code.symbology == "QR-Code" ? "QR code" : code.symbology
        let item = analysis.items.first { $0.source == .code && $0.bounds == code.bounds }
        let what: String
        switch (item?.kind, item?.value) {
        case (.wifi?, let value?):
            if case .string(let ssid)? = value["ssid"] { what = "Wi-Fi “\(short(ssid, 40))”" } else { what = "Wi-Fi" }
        case (.link?, let value?):
            if case .string(let url)? = value["url"] {
                what = QuickActionPlanner.displayName(ofURL: url)
            } else {
                what = short(code.payload.oneLineText, 60)
            }
        default:
            what = short(item?.singleLineText ?? code.payload.oneLineText, 60)
        }
        return "\(kind): \(what)"
    }

    /// "Network: Home (WPA)" for the first Wi-Fi code: what "Copy Password" is for.
    static func networkLine(_ analysis: ImageAnalysis) -> String? {
        guard let wifi = analysis.items.first(where: { $0.kind == .wifi }),
              case .string(let ssid)? = wifi.value["ssid"] else { return nil }
        var line = "Network: \(short(ssid, 60))"
        if case .string(let security)? = wifi.value["security"], !security.isEmpty, security != "nopass" {
            line += " (\(security))"
        }
        if case .bool(true)? = wifi.value["hidden"] { line += ", hidden" }
        return line
    }

    /// "2 links, 1 phone number", in the order the kinds first appear; past three kinds, the first
    /// two and a count of the rest ("4 dates, 2 links and 3 more"), so the summary reads at a glance.
    static func itemsPhrase(_ items: [DetectedItem]) -> String? {
        var order: [ItemKind] = []
        var counts: [ItemKind: Int] = [:]
        for item in items {
            if counts[item.kind] == nil { order.append(item.kind) }
            counts[item.kind, default: 0] += 1
        }
        guard !order.isEmpty else { return nil }
        let shown = order.count <= 3 ? order : Array(order.prefix(2))
        let phrases = shown.map { kind in
            let n = counts[kind, default: 0]
            let (one, many) = names(of: kind)
            return "\(n) \(n == 1 ? one : many)"
        }.joined(separator: ", ")
        let rest = order.dropFirst(shown.count).reduce(0) { $0 + counts[$1, default: 0] }
        return rest == 0 ? phrases : phrases + " and \(rest) more"
    }

    /// What a person calls one and several items of a kind.
    private static func names(of kind: ItemKind) -> (one: String, many: String) {
        switch kind {
        case .link: ("link", "links")
        case .email: ("email address", "email addresses")
        case .phone: ("phone number", "phone numbers")
        case .address: ("address", "addresses")
        case .date: ("date", "dates")
        case .flight: ("flight", "flights")
        case .tracking: ("tracking number", "tracking numbers")
        case .money: ("amount", "amounts")
        case .measurement: ("measurement", "measurements")
        case .wifi: ("Wi-Fi network", "Wi-Fi networks")
        case .contact: ("contact", "contacts")
        case .geo: ("place", "places")
        }
    }

    /// The first three lines, each cut at 80 characters, "…" when there is more.
    static func excerpt(_ text: String) -> String {
        let lines = text.nonEmptyLines
        var shown = lines.prefix(3).map { short($0, 80) }
        if lines.count > 3 { shown.append("…") }
        return shown.joined(separator: "\n")
    }

    static func short(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

private extension String {
    /// The lines that hold more than white space, trimmed.
    var nonEmptyLines: [String] {
        split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    var oneLineText: String { nonEmptyLines.joined(separator: " ") }
}
