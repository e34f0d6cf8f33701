import Foundation
import LiveTextCore

/// URL templates for actions whose target is a web page of the user's choosing: `%s` is replaced
/// by the percent-encoded subject.
public struct ActionTemplates: Sendable, Hashable {
    /// Where an address or position is shown.
    public var map: String
    /// Where a flight's status is looked up.
    public var flight: String
    /// Where a word or phrase is looked up.
    public var lookup: String
    /// Where text is translated.
    public var translate: String

    public init(map: String = "https://www.openstreetmap.org/search?query=%s",
                flight: String = "https://www.flightaware.com/live/flight/%s",
                lookup: String = "https://en.wikipedia.org/w/index.php?search=%s",
                translate: String = "https://translate.google.com/?sl=auto&op=translate&text=%s") {
        self.map = map
        self.flight = flight
        self.lookup = lookup
        self.translate = translate
    }

    /// The defaults, overridden by `LIVETEXT_MAP_URL`, `LIVETEXT_FLIGHT_URL`, `LIVETEXT_LOOKUP_URL`
    /// and `LIVETEXT_TRANSLATE_URL` when set.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ActionTemplates {
        ActionTemplates().applyingEnvironment(environment)
    }

    /// These templates with each `LIVETEXT_…_URL` that is set (and holds `%s`) in their place:
    /// the environment wins over the settings file.
    public func applyingEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ActionTemplates {
        var templates = self
        func take(_ key: String, _ path: WritableKeyPath<ActionTemplates, String>) {
            if let value = environment[key], value.contains("%s") { templates[keyPath: path] = value }
        }
        take("LIVETEXT_MAP_URL", \.map)
        take("LIVETEXT_FLIGHT_URL", \.flight)
        take("LIVETEXT_LOOKUP_URL", \.lookup)
        take("LIVETEXT_TRANSLATE_URL", \.translate)
        return templates
    }

    /// Look Up or Translate of a selected `text` (a live surface's right-click menu), as a quick
    /// action whose target is this template filled with it.
    public func action(_ kind: QuickAction.Kind, forSelection text: String) -> QuickAction {
        QuickAction(id: "\(kind.rawValue)-selection", title: kind.rawValue, kind: kind,
                    target: Self.fill(kind == .lookup ? lookup : translate, with: text), subject: .text)
    }

    /// `template` with `%s` replaced by `subject`, percent-encoded for a query or path component.
    public static func fill(_ template: String, with subject: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        let encoded = subject.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return template.replacingOccurrences(of: "%s", with: encoded)
    }
}
