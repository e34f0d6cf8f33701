import LiveTextCore

/// Typed items in a QR (or other code) payload: the payload as a whole is one thing, a URL, a
/// `mailto:`, a `WIFI:` network, a vCard. Ranges index the payload in Unicode scalars.
///
/// | payload | kind | value |
/// |---|---|---|
/// | `https://…`, `www.…`, `example.org/x`, `URLTO:`, `MEBKM:` | link | `url`, `host` (`title` for MEBKM) |
/// | `mailto:a@x.org?subject=…&body=…`, `MATMSG:`, `SMTP:` | email | `address`, `to`, `subject`, `body`, `cc` |
/// | `tel:+1…` | phone | `e164`, `region` (empty), `number` |
/// | `SMSTO:num:body`, `sms:num?body=…`, `MMSTO:` | phone | `e164`, `region`, `number`, `body`, `sms` true |
/// | `WIFI:T:WPA;S:ssid;P:pass;H:false;;` | wifi | `ssid`, `password`, `security`, `hidden` (+ `eap`, `identity`, `anonymousIdentity`) |
/// | `BEGIN:VCARD`, `MECARD:`, `BIZCARD:` | contact | `name`, `phones`, `emails`, `urls`, `organization`, `address` (+ `title`, `note`) |
/// | `BEGIN:VEVENT` (alone or in `VCALENDAR`) | date | `start`, `end`, `allDay`, `summary`, `location` (+ `timeZone`, `duration`, `description`) |
/// | `geo:lat,lon[,alt][?q=…]` | geo | `latitude`, `longitude` (+ `altitude`, `query`) |
///
/// Anything else, text with spaces included, gives `[]`: the caller runs the text detectors
/// over such a payload (a note saying "Call +1 415 555 0123" has items in it, but they are the
/// text detectors' to find). A malformed payload of a known scheme gives `[]` too, never a crash.
///
/// Phone `e164` is best effort: `+` and the digits when the payload has a `+` (or `00`), the
/// national digits otherwise; `region` is empty.
public enum CodePayloadClassifier {
    public static func items(in payload: String, context: DetectionContext) -> [Detection] {
        let s = Array(payload.unicodeScalars)
        let range = PayloadText.trimmedRange(s)
        guard !range.isEmpty else { return [] }
        let at = range.lowerBound
        func starts(_ prefix: String) -> Bool { PayloadText.hasPrefix(s, at: at, prefix) }

        if starts("http://") || starts("https://") || starts("ftp://") { return link(s, range) }
        if starts("urlto:") {
            return link(s, (at + 6)..<range.upperBound).map { Detection(kind: .link, range: range, value: $0.value) }
        }
        if starts("mebkm:") { return bookmark(s, range) }
        if starts("mailto:") { return mailto(s, range) }
        if starts("matmsg:") { return matmsg(s, range) }
        if starts("smtp:") { return smtp(s, range) }
        if starts("tel:") { return tel(s, range) }
        if starts("smsto:") || starts("mmsto:") || starts("sms:") || starts("mms:") { return sms(s, range) }
        if starts("wifi:") { return WiFiPayload.items(s, range) }
        if starts("mecard:") || starts("bizcard:") { return ContactPayload.card(s, range) }
        if starts("begin:vcard") { return ContactPayload.vCards(s, range) }
        if starts("begin:vcalendar") || starts("begin:vevent") { return EventPayload.items(s, range, context: context) }
        if starts("geo:") { return geo(s, range) }
        // A bare "www.example.org" or "example.org/menu": a link when that is all there is.
        let found = LinkDetector().detect(in: ScannedText(PayloadText.string(s, range)), context: context)
        if found.count == 1, found[0].range == 0..<range.count {
            var item = found[0]
            item.range = range
            return [item]
        }
        return []
    }

    // MARK: links

    /// A URL with a scheme, taken whole when it has no white space inside.
    static func link(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let range = PayloadText.trimmedRange(Array(s[range])).offset(by: range.lowerBound)
        guard !range.isEmpty, !s[range].contains(where: \.isSpaceOrLineBreak) else { return [] }
        let text = PayloadText.string(s, range)
        guard let separator = text.range(of: "://") else {
            // "URLTO:example.org": no scheme; only a host the link detector accepts.
            let found = LinkDetector().detect(in: ScannedText(text), context: DetectionContext())
            guard found.count == 1, found[0].range == 0..<range.count else { return [] }
            return [Detection(kind: .link, range: range, value: found[0].value)]
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        let rest = text[separator.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let hostPart = authority.split(separator: "@").last.map(String.init) ?? ""
        let host: String
        if hostPart.hasPrefix("[") {
            host = String(hostPart.prefix { $0 != "]" }) + (hostPart.contains("]") ? "]" : "")
        } else {
            host = String(hostPart.prefix { $0 != ":" })
        }
        guard !host.isEmpty, !scheme.isEmpty else { return [] }
        let url = scheme + "://" + authority.lowercased() + rest[authorityEnd...]
        return [Detection(kind: .link, range: range, value: ["url": .string(url), "host": .string(host.lowercased())])]
    }

    /// `MEBKM:TITLE:Example;URL:https\://example.org;;` (NTT DoCoMo bookmark).
    static func bookmark(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let fields = PayloadText.fields(s, from: range.lowerBound + 6, to: range.upperBound)
        guard let url = fields.first(where: { $0.key == "URL" })?.value else { return [] }
        let scalars = Array(url.unicodeScalars)
        let hasScheme = url.contains("://")
        guard var item = (hasScheme ? link(scalars, 0..<scalars.count)
                                    : link(Array(("URLTO:" + url).unicodeScalars), 6..<(scalars.count + 6))).first
        else { return [] }
        item.range = range
        if let title = fields.first(where: { $0.key == "TITLE" })?.value, !title.isEmpty {
            item.value["title"] = .string(title)
        }
        return [item]
    }

    // MARK: email

    /// `mailto:a@x.org,b@y.org?subject=Hi&body=…&cc=…`.
    static func mailto(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let text = PayloadText.string(s, (range.lowerBound + 7)..<range.upperBound)
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? PayloadText.query(parts[1]) : [:]
        var to = parts[0].split(separator: ",").compactMap { normalizedAddress(PayloadText.percentDecoded(String($0))) }
        if let extra = query["to"] {
            to += extra.split(separator: ",").compactMap { normalizedAddress(String($0)) }
        }
        return mail(range: range, to: to, subject: query["subject"], body: query["body"],
                    cc: query["cc"].map { $0.split(separator: ",").compactMap { normalizedAddress(String($0)) } } ?? [])
    }

    /// `MATMSG:TO:a@x.org;SUB:Hi;BODY:text;;` (NTT DoCoMo).
    static func matmsg(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let fields = PayloadText.fields(s, from: range.lowerBound + 7, to: range.upperBound)
        let to = fields.filter { $0.key == "TO" }.compactMap { normalizedAddress($0.value) }
        return mail(range: range, to: to, subject: fields.first { $0.key == "SUB" }?.value,
                    body: fields.first { $0.key == "BODY" }?.value, cc: [])
    }

    /// `SMTP:a@x.org:subject:body`.
    static func smtp(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let text = PayloadText.string(s, (range.lowerBound + 5)..<range.upperBound)
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let to = parts.first.flatMap(normalizedAddress).map { [$0] } ?? []
        return mail(range: range, to: to, subject: parts.count > 1 ? parts[1] : nil,
                    body: parts.count > 2 ? parts[2] : nil, cc: [])
    }

    static func mail(range: Range<Int>, to: [String], subject: String?, body: String?, cc: [String]) -> [Detection] {
        guard let first = to.first else { return [] }
        var value: [String: JSONValue] = ["address": .string(first), "to": .array(to.map(JSONValue.string))]
        if let subject, !subject.isEmpty { value["subject"] = .string(subject) }
        if let body, !body.isEmpty { value["body"] = .string(body) }
        if !cc.isEmpty { value["cc"] = .array(cc.map(JSONValue.string)) }
        return [Detection(kind: .email, range: range, value: value)]
    }

    /// `Jane@Example.ORG` → `Jane@example.org`; nil unless it has a local part and a dotted domain.
    static func normalizedAddress(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard let at = trimmed.lastIndex(of: "@") else { return nil }
        let local = trimmed[..<at], domain = trimmed[trimmed.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        return local + "@" + domain.lowercased()
    }

    // MARK: phone

    /// `tel:+1-415-555-0123;ext=12`.
    static func tel(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let number = PayloadText.percentDecoded(PayloadText.string(s, (range.lowerBound + 4)..<range.upperBound))
        return phone(range: range, number: number, body: nil)
    }

    /// `SMSTO:+15551234567:Hello`, `sms:+15551234567?body=Hello`, `sms:+1555…;?&body=`.
    static func sms(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let text = PayloadText.string(s, range)
        guard let colon = text.firstIndex(of: ":") else { return [] }
        let scheme = text[..<colon].lowercased()
        let rest = text[text.index(after: colon)...]
        if scheme == "smsto" || scheme == "mmsto" {
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return phone(range: range, number: String(parts[0]), body: parts.count > 1 ? String(parts[1]) : nil, sms: true)
        }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? PayloadText.query(parts[1]) : [:]
        let number = PayloadText.percentDecoded(String(parts[0].prefix { $0 != ";" && $0 != "," }))
        return phone(range: range, number: number, body: query["body"], sms: true)
    }

    static func phone(range: Range<Int>, number: String, body: String?, sms: Bool = false) -> [Detection] {
        let digits = PayloadText.phoneDigits(number)
        guard digits.filter(\.isNumber).count >= 3 else { return [] }
        var value: [String: JSONValue] = [
            "e164": .string(digits), "region": .string(""), "number": .string(number.trimmingWhitespace()),
        ]
        if sms { value["sms"] = .bool(true) }
        if let body, !body.isEmpty { value["body"] = .string(body) }
        return [Detection(kind: .phone, range: range, value: value)]
    }

    // MARK: geo

    /// `geo:37.786971,-122.399677[,12][;u=35][?q=Moscone+Center]` (RFC 5870, Android's `q`).
    static func geo(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let text = PayloadText.string(s, (range.lowerBound + 4)..<range.upperBound)
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let coordinates = parts[0].prefix { $0 != ";" }.split(separator: ",", omittingEmptySubsequences: false)
        guard coordinates.count == 2 || coordinates.count == 3,
              let latitude = decimal(coordinates[0]), let longitude = decimal(coordinates[1]),
              abs(latitude) <= 90, abs(longitude) <= 180 else { return [] }
        var value: [String: JSONValue] = ["latitude": .double(latitude), "longitude": .double(longitude)]
        if coordinates.count == 3 {
            guard let altitude = decimal(coordinates[2]) else { return [] }
            value["altitude"] = .double(altitude)
        }
        if parts.count > 1, let query = PayloadText.query(parts[1])["q"], !query.isEmpty {
            value["query"] = .string(query)
        }
        return [Detection(kind: .geo, range: range, value: value)]
    }

    /// `-122.399677`: a plain decimal, nothing Double(_:) would also take (`inf`, `0x1p3`).
    static func decimal(_ text: Substring) -> Double? {
        let trimmed = text.trimmingWhitespace()
        var sawDigit = false
        for (n, c) in trimmed.unicodeScalars.enumerated() {
            if c.isASCIIDigit { sawDigit = true } else if !(c == "." || ((c == "-" || c == "+") && n == 0)) { return nil }
        }
        return sawDigit ? Double(trimmed) : nil
    }
}

fileprivate extension Range where Bound == Int {
    func offset(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
