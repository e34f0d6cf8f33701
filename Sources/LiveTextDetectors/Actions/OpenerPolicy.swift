import Foundation
import LiveTextCore

/// What the desktop's opener may be given. A QR code can hold any text, and `xdg-open` hands a
/// `file://`, `smb://` or `steam://` target to whatever handles it, or takes one starting with
/// `-` for an option; a `mailto:` with `attach=` makes some mail programs attach a file. So only
/// web pages, mail, calls, messages and places are opened, and each is normalized first:
///
/// | scheme | kept |
/// |---|---|
/// | `http`, `https` | `scheme://host…` as written, the scheme lower-cased |
/// | `mailto` | the addresses, and only the `subject`, `body`, `cc` and `bcc` fields (others, such as `attach` or `to`, are dropped), re-encoded |
/// | `tel` | a phone number: digits, `+`, separators and `;ext=`-style parameters |
/// | `sms` | a phone number and a `body` |
/// | `geo` | coordinates and parameters, and a `q` |
/// | the URL templates' own (`actions.lookup_url`…) | a target that starts with the template's text before `%s` |
///
/// Anything else (`file:`, `javascript:`, `data:`, `ftp:`, no scheme at all) is refused: its
/// item keeps its copy action. A target holding a control, blank or invisible formatting
/// character is refused whole rather than cleaned: what would be opened must be what is shown.
/// Every target that passes starts with a letter, never with `-`.
public struct OpenerPolicy: Sendable, Hashable {
    /// The schemes opened whatever the settings say.
    public static let schemes: [String] = ["http", "https", "mailto", "tel", "sms", "geo"]
    /// The header fields a `mailto:` keeps.
    public static let mailFields: [String] = ["subject", "body", "cc", "bcc"]

    /// The text before `%s` of each URL template whose scheme is not among `schemes`,
    /// normalized: a target starting with one of them is the user's own choice of page.
    public var templatePrefixes: [String]

    public init(templates: ActionTemplates = ActionTemplates()) {
        var prefixes: [String] = []
        for template in [templates.map, templates.flight, templates.lookup, templates.translate] {
            guard let cut = template.range(of: "%s") else { continue }
            let prefix = String(template[..<cut.lowerBound])
            guard let (scheme, rest) = try? Self.split(prefix), !Self.schemes.contains(scheme) else { continue }
            prefixes.append(scheme + ":" + rest)
        }
        templatePrefixes = prefixes
    }

    /// Whether `target` may be opened.
    public func allows(_ target: String) -> Bool {
        (try? openable(target)) != nil
    }

    /// `target` as the opener is given it, or `accessDenied` saying why it may not be opened.
    public func openable(_ target: String) throws(LiveTextError) -> String {
        let (scheme, rest) = try Self.split(target)
        let normalized: String
        switch scheme {
        case "http", "https":
            normalized = try Self.web(scheme, rest, target)
        case "mailto":
            normalized = try Self.mail(rest, target)
        case "tel":
            normalized = "tel:" + (try Self.phoneNumber(rest, target))
        case "sms":
            let (number, query) = Self.cut(rest, at: "?")
            let body = query.flatMap { Self.fields($0)["body"] }
            normalized = "sms:" + (try Self.phoneNumber(number, target))
                + (body.map { "?body=" + Self.encoded($0, keeping: Self.unreserved) } ?? "")
        case "geo":
            let (place, query) = Self.cut(rest, at: "?")
            guard !place.isEmpty, place.unicodeScalars.allSatisfy({ Self.geoCharacters.contains($0) }),
                  place.unicodeScalars.contains(where: \.isASCIIDigit) else {
                throw Self.refusal(target, "is not a place (geo:latitude,longitude)")
            }
            let search = query.flatMap { Self.fields($0)["q"] }
            normalized = "geo:" + place + (search.map { "?q=" + Self.encoded($0, keeping: Self.unreserved) } ?? "")
        default:
            let whole = scheme + ":" + rest
            guard templatePrefixes.contains(where: { whole.hasPrefix($0) }) else {
                throw Self.refusal(target, "'\(scheme):' is not opened (only "
                                   + Self.schemes.map { $0 + ":" }.joined(separator: ", ")
                                   + " and the settings' URL templates); copy it instead")
            }
            normalized = whole
        }
        // The scheme check already guarantees it; the opener must never see an option.
        guard let first = normalized.unicodeScalars.first, first.isASCIILetter else {
            throw Self.refusal(target, "would start with '\(normalized.prefix(1))'")
        }
        return normalized
    }

    // MARK: normalizing

    /// The scheme (lower-cased) and what follows its colon, once blanks and control characters
    /// around the target are trimmed; refused when one is left inside, or when there is no
    /// RFC 3986 scheme (a letter, then letters, digits, `+`, `-`, `.`), `-x` and `/path` included.
    static func split(_ target: String) throws(LiveTextError) -> (scheme: String, rest: String) {
        let scalars = Array(target.unicodeScalars)
        var lower = 0, upper = scalars.count
        while lower < upper, isHidden(scalars[lower]) { lower += 1 }
        while upper > lower, isHidden(scalars[upper - 1]) { upper -= 1 }
        if let hidden = scalars[lower..<upper].first(where: isHidden) {
            throw refusal(target, "holds \(hiddenName(hidden)), which would not show")
        }
        var scheme = ""
        var k = lower
        while k < upper, scalars[k] != ":" {
            let c = scalars[k]
            guard c.isASCIILetter || (k > lower && (c.isASCIIDigit || c == "+" || c == "-" || c == ".")) else {
                throw refusal(target, "has no scheme such as https:")
            }
            scheme.unicodeScalars.append(c.asciiLowercased)
            k += 1
        }
        guard k < upper, !scheme.isEmpty else { throw refusal(target, "has no scheme such as https:") }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars[(k + 1)..<upper])
        return (scheme, String(rest))
    }

    /// `//host…` after `http:` or `https:`: a host is needed; the rest is the page's business.
    private static func web(_ scheme: String, _ rest: String, _ target: String) throws(LiveTextError) -> String {
        guard rest.hasPrefix("//") else { throw refusal(target, "is not a web address (\(scheme)://host)") }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !host.isEmpty, !host.hasPrefix(":") else { throw refusal(target, "names no host") }
        return scheme + ":" + rest
    }

    /// `mailto:a@x.org,b@y.org?subject=…&body=…&cc=…&bcc=…`, each part decoded, checked and
    /// encoded again: `a@x.org%3Fattach=…` is one address with a `?` in it, never a field.
    private static func mail(_ rest: String, _ target: String) throws(LiveTextError) -> String {
        let (list, query) = cut(rest, at: "?")
        let to = addresses(decoded(list))
        guard let to, !to.isEmpty else { throw refusal(target, "names no valid mail address") }
        var out = "mailto:" + to.joined(separator: ",")
        var separator = "?"
        let fields = query.map(fields) ?? [:]
        for name in mailFields {
            guard let value = fields[name], !value.isEmpty else { continue }
            if name == "cc" || name == "bcc" {
                guard let copies = addresses(value) else { throw refusal(target, "has an invalid \(name) address") }
                out += separator + name + "=" + copies.joined(separator: ",")
            } else {
                out += separator + name + "=" + encoded(value, keeping: unreserved)
            }
            separator = "&"
        }
        return out
    }

    /// Comma-separated addresses (already decoded), each `local@domain` re-encoded; nil when
    /// one is not an address: a domain is dotted labels of letters, digits and hyphens, so
    /// `a@x.org?attach=…` (the `?` decoded from `%3F`) is none.
    private static func addresses(_ list: String) -> [String]? {
        var result: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: true) {
            let address = String(part)
            guard let at = address.lastIndex(of: "@"), at != address.startIndex,
                  !address[..<at].unicodeScalars.contains(where: isHidden) else { return nil }
            let labels = address[address.index(after: at)...].split(separator: ".", omittingEmptySubsequences: false)
            guard labels.count >= 2, labels.allSatisfy({ label in
                !label.isEmpty && !label.hasPrefix("-")
                    && label.unicodeScalars.allSatisfy { $0 == "-" || $0.properties.isAlphabetic || $0.isASCIIDigit }
            }) else { return nil }
            result.append(encoded(address, keeping: addressCharacters))
        }
        return result
    }

    /// A phone number (decoded): digits, `+`, separators, `;ext=`-style parameters, pauses.
    private static func phoneNumber(_ text: String, _ target: String) throws(LiveTextError) -> String {
        let number = decoded(text)
        guard !number.isEmpty, number.unicodeScalars.allSatisfy({ phoneCharacters.contains($0) }),
              number.unicodeScalars.contains(where: \.isASCIIDigit) else {
            throw refusal(target, "is not a phone number")
        }
        return number
    }

    /// `a=1&b=2` → `[a: 1, b: 2]`: names lower-cased, values decoded (`+` is a space), the
    /// first of a repeated name kept.
    private static func fields(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decoded(String(parts[0])).lowercased()
            guard result[name] == nil else { continue }
            result[name] = parts.count > 1 ? decoded(String(parts[1]).replacingOccurrences(of: "+", with: " ")) : ""
        }
        return result
    }

    private static func cut(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    /// `%41` → `A`; malformed escapes stay as written.
    private static func decoded(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }

    /// `text` with every UTF-8 byte outside `keeping` written `%XX`.
    private static func encoded(_ text: String, keeping: Set<Unicode.Scalar>) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if keeping.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    out += "%" + (hex.count < 2 ? "0" : "") + hex
                }
            }
        }
        return out
    }

    // MARK: characters

    private static func ascii(_ text: String) -> Set<Unicode.Scalar> { Set(text.unicodeScalars) }

    /// RFC 3986's unreserved characters.
    static let unreserved = ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// What an address keeps unencoded in a `mailto:` (RFC 6068 `addr-spec` without `%`, `?`,
    /// `&`, `,`, `#`, `/`).
    static let addressCharacters = unreserved.union(ascii("!$'*+=^`{|}@"))
    static let phoneCharacters = ascii("0123456789+-.()*;=,abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let geoCharacters = ascii("0123456789+-.,;=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// A character a person would not see in the target: a control (C0, DEL, C1), a blank, or
    /// invisible formatting (bidi controls, zero-width characters, the soft hyphen).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x21 || (0x7F...0xA0).contains(scalar.value) || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
    }

    private static func hiddenName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The refusal, quoting the target with what would not show written out (`<U+202E>`).
    private static func refusal(_ target: String, _ why: String) -> LiveTextError {
        var shown = ""
        for scalar in (target.count > 80 ? String(target.prefix(79)) + "…" : target).unicodeScalars {
            if scalar != " ", isHidden(scalar) { shown += "<" + hiddenName(scalar) + ">" } else { shown.unicodeScalars.append(scalar) }
        }
        return LiveTextError(.accessDenied, "not opened: '\(shown)' \(why)")
    }
}
