import LiveTextCore

/// Contact cards: vCard 2.1/3.0/4.0 (`BEGIN:VCARD` … `END:VCARD`, several per payload, folded
/// lines, quoted-printable), `MECARD:` (NTT DoCoMo) and `BIZCARD:`.
///
/// `value`: `name`, `phones`, `emails`, `urls`, `organization`, `address` always (empty when
/// the card has none), `title` and `note` when present.
enum ContactPayload {
    struct Card {
        var name = ""
        var phones: [String] = []
        var emails: [String] = []
        var urls: [String] = []
        var organization = ""
        var address = ""
        var title = ""
        var note = ""

        var value: [String: JSONValue] {
            var value: [String: JSONValue] = [
                "name": .string(name), "phones": .array(phones.map(JSONValue.string)),
                "emails": .array(emails.map(JSONValue.string)), "urls": .array(urls.map(JSONValue.string)),
                "organization": .string(organization), "address": .string(address),
            ]
            if !title.isEmpty { value["title"] = .string(title) }
            if !note.isEmpty { value["note"] = .string(note) }
            return value
        }

        var isEmpty: Bool { name.isEmpty && phones.isEmpty && emails.isEmpty && urls.isEmpty && organization.isEmpty }
    }

    /// Every `BEGIN:VCARD` … `END:VCARD` block; a block cut short runs to the payload's end.
    static func vCards(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        var results: [Detection] = []
        var card: Card?
        var start = range.lowerBound
        var formattedName = false
        for (line, lineStart, lineEnd) in PayloadText.contentLines(s, range) {
            switch line.name {
            case "BEGIN" where line.value.uppercased().hasPrefix("VCARD"):
                card = Card()
                start = lineStart
                formattedName = false
            case "END" where line.value.uppercased().hasPrefix("VCARD"):
                if let done = card, !done.isEmpty {
                    results.append(Detection(kind: .contact, range: start..<lineEnd, value: done.value))
                }
                card = nil
            default:
                guard card != nil else { continue }
                read(line, into: &card!, formattedName: &formattedName)
            }
        }
        if let done = card, !done.isEmpty {
            results.append(Detection(kind: .contact, range: start..<range.upperBound, value: done.value))
        }
        return results
    }

    static func read(_ line: PayloadText.ContentLine, into card: inout Card, formattedName: inout Bool) {
        let value = line.value.trimmingWhitespace()
        guard !value.isEmpty else { return }
        switch line.name {
        case "FN":
            card.name = PayloadText.unescaped(value)
            formattedName = true
        case "N" where !formattedName:
            // Family;Given;Additional;Prefix;Suffix → "Prefix Given Additional Family Suffix".
            let parts = PayloadText.components(value) + Array(repeating: "", count: 5)
            card.name = [parts[3], parts[1], parts[2], parts[0], parts[4]].filter { !$0.isEmpty }.joined(separator: " ")
        case "TEL":
            let number = value.lowercased().hasPrefix("tel:") ? String(value.dropFirst(4)) : value
            card.phones.append(PayloadText.unescaped(number))
        case "EMAIL":
            let address = value.lowercased().hasPrefix("mailto:") ? String(value.dropFirst(7)) : value
            card.emails.append(PayloadText.unescaped(address))
        case "URL":
            card.urls.append(value.replacingOccurrences(of: "\\:", with: ":").replacingOccurrences(of: "\\,", with: ","))
        case "ORG":
            card.organization = PayloadText.components(value).filter { !$0.isEmpty }.joined(separator: ", ")
        case "ADR" where card.address.isEmpty:
            // PO box;extended;street;locality;region;postcode;country.
            card.address = PayloadText.components(value).filter { !$0.isEmpty }.joined(separator: ", ")
        case "TITLE":
            card.title = PayloadText.unescaped(value)
        case "NOTE":
            card.note = PayloadText.unescaped(value)
        default:
            break
        }
    }

    /// `MECARD:N:Doe,Jane;TEL:+1…;EMAIL:…;URL:…;ADR:…;ORG:…;NOTE:…;;` and
    /// `BIZCARD:N:Jane;X:Doe;T:title;C:company;A:address;B:phone;M:mobile;E:email;;`.
    static func card(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let biz = PayloadText.hasPrefix(s, at: range.lowerBound, "bizcard:")
        let fields = PayloadText.fields(s, from: range.lowerBound + (biz ? 8 : 7), to: range.upperBound)
        var card = Card()
        var first = "", last = ""
        for (key, raw) in fields {
            let value = raw.trimmingWhitespace()
            guard !value.isEmpty else { continue }
            switch (biz, key) {
            case (false, "N"):
                // "Doe,Jane" is family name, given name.
                let parts = value.split(separator: ",", maxSplits: 1).map { $0.trimmingWhitespace() }
                card.name = parts.count == 2 ? parts[1] + " " + parts[0] : value
            case (true, "N"): first = value
            case (true, "X"): last = value
            case (false, "TEL"), (false, "TEL-AV"), (true, "B"), (true, "M"): card.phones.append(value)
            case (false, "EMAIL"), (true, "E"): card.emails.append(value)
            case (false, "URL"): card.urls.append(value)
            case (false, "ADR"), (true, "A"): if card.address.isEmpty { card.address = value }
            case (false, "ORG"), (true, "C"): card.organization = value
            case (false, "NOTE"): card.note = value
            case (true, "T"): card.title = value
            default: break
            }
        }
        if biz { card.name = [first, last].filter { !$0.isEmpty }.joined(separator: " ") }
        guard !card.isEmpty else { return [] }
        return [Detection(kind: .contact, range: range, value: card.value)]
    }
}
