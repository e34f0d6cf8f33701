/// The words before a digit run that say what it is: "phone" in the languages we read (`Tel.:`,
/// `Telefon`, `Handy`, `tél.`, `portable`, `móvil`, `telemóvel`, `cellulare`, `mobiel`,
/// `komórka`, `fax`, `call`…), or an invoice, order, account, reference or IBAN number, which
/// is not a phone number whatever its digits.
enum PhoneWords {
    enum Verdict: Equatable {
        /// A phone word; `region` is the country of its language where only one is likely
        /// ("Zadzwoń": Poland, "Chiamare": Italy).
        case phone(region: String?)
        case other
    }

    /// The nearest telling word among the few before `start` on its line (up to `reach` scalars
    /// back); nil when none says either.
    static func verdict(_ s: [Unicode.Scalar], before start: Int) -> Verdict? {
        var k = start - 1
        let limit = max(0, start - reach)
        var words = 0
        while k >= limit, words < 4 {
            let c = s[k]
            if c == "\n" || c == "\r" { return nil }
            guard c.isAlphanumeric else { k -= 1; continue }
            let end = k + 1
            while k >= limit, s[k].isAlphanumeric { k -= 1 }
            words += 1
            // A word with digits ("A12") is another number's label; its own words decide.
            if s[(k + 1)..<end].contains(where: \.isASCIIDigit) { continue }
            if let verdict = classify(s[(k + 1)..<end]) { return verdict }
        }
        return nil
    }

    /// How far back the words are looked for, in scalars.
    static let reach = 40

    private static func classify(_ word: ArraySlice<Unicode.Scalar>) -> Verdict? {
        guard word.count >= 2, word.count <= 24 else { return nil }
        // The word's lower-case UTF-8 bytes; prefixes are looked up by byte count (the listed
        // prefixes end on whole characters).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for c in word {
            if c.value < 0x80 {
                bytes.append(UInt8(c.asciiLowercased.value))
            } else {
                for lower in c.properties.lowercaseMapping.unicodeScalars { bytes.append(contentsOf: UTF8.encode(lower)!) }
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        func hasPrefix(in set: Set<String>) -> Bool {
            for n in 2...min(bytes.count, 12) where set.contains(String(decoding: bytes[0..<n], as: UTF8.self)) {
                return true
            }
            return false
        }
        if exactPhone.contains(text) || hasPrefix(in: phonePrefixSet) {
            return .phone(region: wordRegions.first { text.hasPrefix($0.0) }?.1)
        }
        if exactOther.contains(text) || hasPrefix(in: otherPrefixSet) { return .other }
        return nil
    }

    private static let phonePrefixSet = Set(phonePrefixes)
    private static let otherPrefixSet = Set(otherPrefixes)

    /// Whole words that say "phone".
    private static let exactPhone: Set<String> = [
        "tel", "tél", "tlf", "tfn", "ph", "mob", "cell", "fax", "fon", "call", "ring", "sms", "whatsapp",
        "kom", "gsm", "bel", "belt", "appelez", "appeler", "appelle",
    ]

    /// Word beginnings that say "phone": telephone, Telefon, teléfono, telefone, telefono,
    /// telefoon, téléphone, phone, mobile, Mobil, móvil, cellulare, celular, Handy, Anruf,
    /// Rufnummer, portable, bellen, mobiel, komórka, hotline, calling.
    private static let phonePrefixes: [String] = [
        "tele", "telé", "tél", "phon", "mobil", "móvil", "movil", "móvel", "movel", "cell", "celu", "handy",
        "anruf", "ruf", "portable", "bellen", "mobiel", "komór", "komor", "hotline", "call", "fax",
        "festnetz", "fixe", "llam", "ligue", "chiam", "zadzwo", "infolijn", "whatsapp", "contact",
        "kontakt", "contatto", "contacto",
    ]

    /// Phone words of one language, and the country its numbers are most likely from; longest
    /// first, so "telefono" is Italian before "telefon" is German.
    private static let wordRegions: [(String, String)] = [
        ("telefon", "DE"), ("handy", "DE"), ("anruf", "DE"), ("ruf", "DE"), ("festnetz", "DE"), ("fon", "DE"),
        ("tél", "FR"), ("portable", "FR"), ("appel", "FR"), ("fixe", "FR"),
        ("teléfono", "ES"), ("telefono", "IT"), ("móvil", "ES"), ("movil", "ES"), ("llam", "ES"),
        ("telefone", "BR"), ("celular", "BR"), ("ligue", "BR"), ("telemóvel", "PT"), ("telemovel", "PT"),
        ("cellulare", "IT"), ("chiam", "IT"),
        ("bel", "NL"), ("telefoon", "NL"), ("mobiel", "NL"),
        ("zadzwo", "PL"), ("komór", "PL"), ("komor", "PL"),
    ].sorted { $0.0.count > $1.0.count }

    /// Whole words of other numbers.
    private static let exactOther: Set<String> = [
        "id", "iban", "bic", "swift", "ref", "po", "sku", "isbn", "issn", "ean", "upc", "vat", "ust",
        "tva", "iva", "nip", "regon", "krs", "siret", "siren", "kvk", "btw", "cif", "nif", "cpf",
        "cnpj", "ssn", "pin", "tan", "otp", "imei", "serial", "sn", "batch", "lot", "version", "build",
        "ticket", "case", "tracking", "awb", "bl", "kto", "blz", "konto", "acct",
    ]

    /// Word beginnings of other numbers: invoice, order, account, reference, customer, Rechnung,
    /// Bestellung, Kunden…, facture, commande, factura, pedido, fattura, ordine, factuur,
    /// bestelling, faktura, zamówienie, receipt, transaction, contract, policy, member.
    private static let otherPrefixes: [String] = [
        "invoice", "order", "account", "referen", "réf", "custom", "client", "rechnung", "bestell",
        "kunden", "auftrag", "vertrag", "factur", "commande", "pedido", "fattur", "ordine", "factuur",
        "bestelling", "faktur", "zamów", "zamow", "receipt", "transac", "contract", "policy",
        "member", "mitglied", "quittung", "beleg", "serien", "conto", "cuenta",
        "compte", "rekening", "aktenzeichen", "vorgang", "booking", "buchung", "confirmation",
        "reserv", "passport", "licen", "registr", "postcode", "zip",
    ]
}
