import LiveTextCore

/// Derives the quick actions an analysis offers from its items, codes and text (VisionKit's
/// quick actions): one primary action per item (open, mail, call, map, add to calendar, track),
/// a copy action per item and code, and copy / look up / translate for the text.
///
/// Ids are stable for a given analysis: `<verb>-<type>-<n>` where `n` counts the items of that
/// type in text order (`open-link-0`, `call-phone-1`, `copy-code-0`), so a client can name an
/// action without holding the list.
///
/// An action that runs the opener is offered only for a target `OpenerPolicy` allows, with the
/// target as the opener will get it (a `mailto:` without `attach=`); a `file:`, `smb:` or
/// `javascript:` link keeps its copy action only.
public struct QuickActionPlanner: Sendable {
    public var templates: ActionTemplates {
        didSet { policy = OpenerPolicy(templates: templates) }
    }
    /// What the opener may be given, from `templates`.
    public private(set) var policy: OpenerPolicy

    public init(templates: ActionTemplates = ActionTemplates()) {
        self.templates = templates
        policy = OpenerPolicy(templates: templates)
    }

    public func actions(items: [DetectedItem], codes: [MachineReadableCode], text: String) -> [QuickAction] {
        var actions: [QuickAction] = []
        var counts: [ItemKind: Int] = [:]
        for (index, item) in items.enumerated() {
            let n = counts[item.kind, default: 0]
            counts[item.kind] = n + 1
            if let primary = primaryAction(for: item, index: n).flatMap(openable) { actions.append(primary.on(.item(index))) }
            if let copy = copyAction(for: item, index: n) { actions.append(copy.on(.item(index))) }
        }
        for (n, code) in codes.enumerated() {
            let what = code.symbology == "QR-Code" ? "QR Code" : code.symbology
            actions.append(QuickAction(id: "copy-code-\(n)", title: "Copy \(what) Payload", kind: .copy,
                                       target: code.payload, subject: .code(n)))
        }
        let trimmed = text.trimmingWhitespace()
        if !trimmed.isEmpty {
            actions.append(QuickAction(id: "copy-text", title: "Copy Text", kind: .copy, target: text, subject: .text))
            if trimmed.unicodeScalars.count <= 64, !trimmed.contains("\n"),
               let lookup = openable(QuickAction(id: "lookup-text", title: "Look Up “\(Self.short(trimmed))”", kind: .lookup,
                                                 target: ActionTemplates.fill(templates.lookup, with: trimmed))) {
                actions.append(lookup)
            }
            if let translate = openable(QuickAction(id: "translate-text", title: "Translate", kind: .translate,
                                                    target: ActionTemplates.fill(templates.translate,
                                                                                 with: String(trimmed.prefix(4000))))) {
                actions.append(translate)
            }
        }
        return actions
    }

    /// `action` with its target as the opener gets it, or nil when the opener may not have it;
    /// copy and calendar actions (a date, written to a file of our own) as they are.
    private func openable(_ action: QuickAction) -> QuickAction? {
        guard action.kind != .copy, action.kind != .calendar else { return action }
        guard let target = try? policy.openable(action.target) else { return nil }
        var opened = action
        opened.target = target
        return opened
    }

    private func primaryAction(for item: DetectedItem, index n: Int) -> QuickAction? {
        let value = item.value
        switch item.kind {
        case .link:
            guard let url = value.string("url") else { return nil }
            return QuickAction(id: "open-link-\(n)", title: "Open \(Self.displayName(ofURL: url))",
                               kind: .open, target: url)
        case .email:
            guard let address = value.string("address") else { return nil }
            return QuickAction(id: "mail-email-\(n)", title: "Email \(Self.short(address))", kind: .mail,
                               target: "mailto:" + address)
        case .phone:
            guard let e164 = value.string("e164"), !e164.isEmpty else { return nil }
            return QuickAction(id: "call-phone-\(n)", title: "Call \(Self.short(Self.oneLine(item.text)))",
                               kind: .call, target: "tel:" + e164)
        case .address:
            let place = Self.oneLine(item.text)
            return QuickAction(id: "map-address-\(n)", title: "Show \(Self.short(place)) on Map", kind: .map,
                               target: ActionTemplates.fill(templates.map, with: place))
        case .geo:
            guard let latitude = value.number("latitude"), let longitude = value.number("longitude") else {
                return nil
            }
            let place = "\(latitude),\(longitude)"
            return QuickAction(id: "map-geo-\(n)", title: "Show \(place) on Map", kind: .map,
                               target: ActionTemplates.fill(templates.map, with: place))
        case .date:
            guard let start = value.string("start") else { return nil }
            let interval = value.string("end").map { start + "/" + $0 } ?? start
            return QuickAction(id: "calendar-date-\(n)", title: "Add “\(Self.short(Self.oneLine(item.text)))” to Calendar",
                               kind: .calendar, target: interval)
        case .tracking:
            guard let url = value.string("url"), let number = value.string("number") else { return nil }
            let carrier = value.string("carrierName") ?? value.string("carrier")?.uppercased() ?? "Shipment"
            return QuickAction(id: "track-tracking-\(n)", title: "Track \(carrier) \(Self.short(number))",
                               kind: .track, target: url)
        case .flight:
            guard let airline = value.string("airline"), let number = value.string("number") else { return nil }
            return QuickAction(id: "track-flight-\(n)", title: "Track Flight \(airline) \(number)", kind: .track,
                               target: ActionTemplates.fill(templates.flight, with: airline + number))
        case .wifi:
            guard let ssid = value.string("ssid") else { return nil }
            if let password = value.string("password"), !password.isEmpty {
                return QuickAction(id: "copy-wifi-\(n)", title: "Copy Password",
                                   kind: .copy, target: password)
            }
            return QuickAction(id: "copy-wifi-\(n)", title: "Copy Wi-Fi Network Name \(Self.short(ssid))",
                               kind: .copy, target: ssid)
        default:
            return nil
        }
    }

    private func copyAction(for item: DetectedItem, index n: Int) -> QuickAction? {
        let value = item.value
        let (title, target): (String, String)
        switch item.kind {
        case .wifi, .geo: return nil
        case .link: (title, target) = ("Copy Link", value.string("url") ?? item.text)
        case .email: (title, target) = ("Copy Email Address", value.string("address") ?? item.text)
        case .phone: (title, target) = ("Copy Phone Number", Self.oneLine(item.text))
        case .address: (title, target) = ("Copy Address", item.text)
        case .tracking: (title, target) = ("Copy Tracking Number", value.string("number") ?? item.text)
        case .flight: (title, target) = ("Copy Flight Number", Self.oneLine(item.text))
        case .contact: (title, target) = ("Copy Contact", item.text)
        default: (title, target) = ("Copy “\(Self.short(Self.oneLine(item.text)))”", Self.oneLine(item.text))
        }
        return QuickAction(id: "copy-\(item.kind.rawValue)-\(n)", title: title, kind: .copy, target: target)
    }

    /// `https://www.example.org/a/b?c` → `example.org`.
    public static func displayName(ofURL url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let name = host.hasPrefix("www.") ? host.dropFirst(4) : host
        return short(name.isEmpty ? url : String(name))
    }

    static func oneLine(_ text: String) -> String { DetectedItem.singleLine(text) }

    /// At most 40 characters, with an ellipsis when cut.
    static func short(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

extension [String: JSONValue] {
    func string(_ key: String) -> String? {
        if case .string(let value)? = self[key] { return value }
        return nil
    }

    func number(_ key: String) -> Double? {
        switch self[key] {
        case .double(let value)?: value
        case .int(let value)?: Double(value)
        case .string(let value)?: Double(value)
        default: nil
        }
    }
}

private extension QuickAction {
    /// An item's action, before `on(_:)` names the item.
    init(id: String, title: String, kind: Kind, target: String) {
        self.init(id: id, title: title, kind: kind, target: target, subject: .text)
    }

    func on(_ subject: Subject) -> QuickAction {
        var action = self
        action.subject = subject
        return action
    }
}
