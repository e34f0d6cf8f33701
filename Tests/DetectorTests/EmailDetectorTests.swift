import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// Found addresses as (matched text, value.address).
func emailMatches(_ text: String) -> [EmailMatch] {
    let scanned = ScannedText(text)
    return EmailDetector().detect(in: scanned, context: DetectionContext()).map { detection in
        guard case .string(let address)? = detection.value["address"] else { return EmailMatch(text: "", address: "") }
        return EmailMatch(text: scanned.string(detection.range), address: address)
    }
}

struct EmailMatch: Equatable, CustomStringConvertible {
    var text: String
    var address: String
    var description: String { "\(text) → \(address)" }
}

/// One test of isemail's tests.xml: the address (control pictures ␀-␟ turned back into the
/// control characters they stand for) and its category.
struct IsEmailCase: CustomStringConvertible {
    var id: String
    var address: String
    var category: String
    var description: String { "#\(id) \(category) \(address.debugDescription)" }

    static func load() -> [IsEmailCase] {
        guard let xml = try? String(contentsOf: linkEmailFixtureURL("email", "tests.xml"), encoding: .utf8) else { return [] }
        var cases: [IsEmailCase] = []
        for chunk in xml.components(separatedBy: "<test id=\"").dropFirst() {
            let id = String(chunk.prefix { $0 != "\"" })
            let address = between(chunk, "<address>", "</address>") ?? ""
            guard let category = between(chunk, "<category>", "</category>") else { continue }
            cases.append(IsEmailCase(id: id, address: decode(address), category: category))
        }
        return cases
    }

    static func between(_ text: String, _ open: String, _ close: String) -> String? {
        guard let a = text.range(of: open), let b = text.range(of: close, range: a.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[a.upperBound..<b.lowerBound])
    }

    /// XML entities, and the control pictures the file uses for control characters.
    static func decode(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            guard c == "&", let semicolon = scalars.firstIndex(of: ";") else {
                result.append(c.value >= 0x2400 && c.value < 0x2420 ? Unicode.Scalar(c.value - 0x2400)! : c)
                continue
            }
            let name = String(String.UnicodeScalarView(scalars[..<semicolon]))
            scalars = scalars[(semicolon + 1)...]
            switch name {
            case "amp": result.append("&")
            case "lt": result.append("<")
            case "gt": result.append(">")
            case "quot": result.append("\"")
            case "apos": result.append("'")
            default:
                let hex = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst(), radix: 10)
                if let hex, let scalar = Unicode.Scalar(hex) {
                    result.append(scalar.value >= 0x2400 && scalar.value < 0x2420 ? Unicode.Scalar(scalar.value - 0x2400)! : scalar)
                }
            }
        }
        return String(result)
    }
}

@Suite("email addresses")
struct EmailDetectorTests {
    @Test("our cases (Fixtures/email/cases.jsonl)", arguments: LinkEmailFixtureCase.load("email"))
    func fixtureCases(_ fixture: LinkEmailFixtureCase) {
        let expected = fixture.items.map { EmailMatch(text: $0.text, address: $0.address ?? "") }
        #expect(emailMatches(fixture.text) == expected)
    }

    @Test("the case file is there and has positives and negatives")
    func caseFileLoads() {
        let cases = LinkEmailFixtureCase.load("email")
        #expect(cases.count >= 30)
        #expect(cases.contains { $0.items.isEmpty })
    }

    static let isemail = IsEmailCase.load()

    /// VALID addresses we do not find: a bare top-level domain (`test@io`) and the IDN test
    /// top-level domain `xn--jxalpdlp`, which IANA removed from the root zone in 2013.
    static let validMisses: Set<String> = ["5", "100"]

    /// Addresses outside VALID that real mail systems take and we find (the rest of these
    /// categories are quoted strings, comments, IP literals, folding white space or over-long
    /// parts, which printed text does not show).
    static let otherFound: Set<String> = ["12", "27", "167", "168"]

    @Test("isemail: VALID addresses are found in a sentence; ERR ones never whole")
    func isemailRates() {
        let cases = Self.isemail
        #expect(cases.count > 150)
        var validFound = 0, validTotal = 0, errRejected = 0, errStrict = 0, errTotal = 0
        var otherFoundIDs: Set<String> = []
        for c in cases {
            let sentence = "Please write to " + c.address + " before Friday."
            let found = emailMatches(sentence)
            let whole = found.contains { $0.text == c.address }
            switch c.category {
            case "ISEMAIL_VALID_CATEGORY":
                validTotal += 1
                if whole {
                    validFound += 1
                    #expect(!Self.validMisses.contains(c.id), "\(c)")
                } else {
                    #expect(Self.validMisses.contains(c.id), "missed \(c)")
                }
            case "ISEMAIL_ERR":
                errTotal += 1
                if !whole { errRejected += 1 }
                if found.isEmpty { errStrict += 1 }
                #expect(!whole, "accepted \(c)")
            default:
                if whole { otherFoundIDs.insert(c.id) }
            }
        }
        print("isemail: VALID found \(validFound)/\(validTotal); ERR never matched whole \(errRejected)/\(errTotal) "
              + "(nothing at all found in \(errStrict)/\(errTotal)); other categories found: "
              + "\(otherFoundIDs.sorted { Int($0)! < Int($1)! })")
        #expect(otherFoundIDs == Self.otherFound)
    }

    /// Built inside the test so a failure does not print a megabyte argument.
    static func hostileText(_ n: Int) -> String {
        switch n {
        case 0: String(repeating: "@", count: 100_000)
        case 1: String(repeating: "a@", count: 100_000)
        case 2: String(repeating: "a.", count: 200_000) + "@example.com"
        case 3: "x@" + String(repeating: "a.", count: 200_000) + "com"
        case 4: String(repeating: "a", count: 1_000_000) + "@example.com"
        default: String(repeating: "a@b.com@", count: 30_000)
        }
    }

    @Test("hostile input finishes", arguments: 0..<6)
    func hostile(n: Int) {
        #expect(emailMatches(Self.hostileText(n)).isEmpty)
    }

    @Test("many addresses in a long text")
    func many() {
        let text = String(repeating: "mail jo.e+x@example.org, ", count: 20_000)
        #expect(emailMatches(text).count == 20_000)
    }
}
