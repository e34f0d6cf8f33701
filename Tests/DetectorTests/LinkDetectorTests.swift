import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// Found links as (matched text, value.url).
func linkMatches(_ text: String) -> [LinkMatch] {
    let scanned = ScannedText(text)
    return LinkDetector().detect(in: scanned, context: DetectionContext()).map { detection in
        guard case .string(let url)? = detection.value["url"] else { return LinkMatch(text: "", url: "") }
        return LinkMatch(text: scanned.string(detection.range), url: url)
    }
}

struct LinkMatch: Equatable, CustomStringConvertible {
    var text: String
    var url: String
    var description: String { "\(text) → \(url)" }
}

/// The fixtures folder of one area: `Tests/DetectorTests/Fixtures/<area>/<name>`.
func linkEmailFixtureURL(_ area: String, _ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(area).appendingPathComponent(name)
}

/// One line of a `cases.jsonl`: a text and the items expected in it.
struct LinkEmailFixtureCase: Decodable, CustomStringConvertible {
    struct Item: Decodable {
        var type: String
        var text: String
        var url: String?
        var address: String?
    }
    var text: String
    var items: [Item]
    var description: String { text }

    static func load(_ area: String) -> [LinkEmailFixtureCase] {
        guard let data = try? String(contentsOf: linkEmailFixtureURL(area, "cases.jsonl"), encoding: .utf8) else { return [] }
        return data.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(LinkEmailFixtureCase.self, from: Data($0.utf8))
        }
    }
}

@Suite("links")
struct LinkDetectorTests {
    @Test("our cases (Fixtures/link/cases.jsonl)", arguments: LinkEmailFixtureCase.load("link"))
    func fixtureCases(_ fixture: LinkEmailFixtureCase) {
        let expected = fixture.items.map { LinkMatch(text: $0.text, url: $0.url ?? "") }
        #expect(linkMatches(fixture.text) == expected)
    }

    @Test("the case file is there and has positives and negatives")
    func caseFileLoads() {
        let cases = LinkEmailFixtureCase.load("link")
        #expect(cases.count >= 50)
        #expect(cases.contains { $0.items.isEmpty })
        #expect(cases.contains { !$0.items.isEmpty })
    }

    @Test("offsets are Unicode scalar offsets")
    func scalarOffsets() {
        let text = "👋🏽 see example.org"
        let found = LinkDetector().detect(in: ScannedText(text), context: DetectionContext())
        #expect(found.map(\.range) == [7..<18])
        #expect(found.first?.value["host"] == .string("example.org"))
    }

    @Test("balanced brackets stay, unbalanced ones and trailing punctuation go", arguments: [
        ("(https://en.wikipedia.org/wiki/Foo_(bar))", "https://en.wikipedia.org/wiki/Foo_(bar)"),
        ("[https://example.com/x]", "https://example.com/x"),
        ("https://example.com/a(b)c.", "https://example.com/a(b)c"),
        ("https://example.com/path?.", "https://example.com/path"),
        ("“https://example.com/q”", "https://example.com/q"),
        ("«https://example.com/fr»", "https://example.com/fr"),
        ("https://example.com/it's", "https://example.com/it"),
        ("https://example.com/x;", "https://example.com/x"),
    ])
    func punctuation(text: String, expected: String) {
        #expect(linkMatches(text).map(\.text) == [expected])
    }

    @Test("file names and extensions are no links", arguments: [
        "setup.py", "Makefile.am", "configure.ac", "main.tf", "Main.java", "id_rsa.pub", "notes.md",
        "deploy.sh", "lib.rs", "photo.jpg", "Package.swift", "app.js.map", "backup.tar.gz", "bundle.min.js",
    ])
    func fileNames(text: String) {
        #expect(linkMatches("open \(text) now").isEmpty)
    }

    @Test("file-extension top-level domains with evidence are links", arguments: [
        ("https://notes.md", "https://notes.md"), ("www.python.py", "https://www.python.py"),
        ("example.co.md", "https://example.co.md"), ("deno.sh/install", "https://deno.sh/install"),
    ])
    func fileExtensionTLDsWithEvidence(text: String, url: String) {
        #expect(linkMatches(text).map(\.url) == [url])
    }

    @Test("host names: labels, hyphens, underscores, IDN", arguments: [
        ("http://sub_domain.example.com", true), ("http://example_x.com", false),
        ("http://-x.example.com", false), ("http://x-.example.com", false), ("http://a.b.cd", true),
        ("http://foobar.みんな/", true), ("http://xn--ls8h.la/", true), ("http://xn--はじめよう.com/", false),
        ("http://domain.com-typo", false), ("http://tld.x", false), ("http://1.2.3.400/", false),
        ("http://" + String(repeating: "a", count: 64) + ".com", false),
        ("http://" + String(repeating: "a", count: 63) + ".com", true),
    ])
    func hostNames(text: String, valid: Bool) {
        #expect(linkMatches(text).isEmpty == !valid)
    }

    @Test("user info after a scheme belongs to the link")
    func userInfo() {
        #expect(linkMatches("get ftp://anonymous@FTP.example.org/pub now") == [
            LinkMatch(text: "ftp://anonymous@FTP.example.org/pub", url: "ftp://anonymous@ftp.example.org/pub"),
        ])
        #expect(linkMatches("http://user@localhost-no-tld").isEmpty)
    }

    @Test("hosts glued to @ belong to the email detector")
    func emailNeighbours() {
        #expect(linkMatches("john.doe.gov@mail.com x@example.org name.al-lastname@foo.com").isEmpty)
        #expect(linkMatches("https://medium.com/@writer/post") == [
            LinkMatch(text: "https://medium.com/@writer/post", url: "https://medium.com/@writer/post"),
        ])
    }

    @Test("OCR-misread ports and addresses are folded", arguments: [
        ("http://localhost:3O0O/", "http://localhost:3000/"),
        ("staging.example.io:B443/login", "https://staging.example.io:8443/login"),
        ("http://somehost.com:3O0O", "http://somehost.com:3000"),
        ("http://192.16B.1.1:8080/setup", "http://192.168.1.1:8080/setup"),
        ("http://l92.168.O.1/", "http://192.168.0.1/"),
        ("http://[2001:db8::l]:8080/x", "http://[2001:db8::1]:8080/x"),
        ("https  ://example.org/menu", "https://example.org/menu"),
        ("http://  example.com/path", "http://example.com/path"),
        ("https  :  //example.org", "https://example.org"),
        ("www.  example.org", "https://www.example.org"),
    ])
    func ocr(text: String, url: String) {
        #expect(linkMatches("see \(text) now") == [LinkMatch(text: text, url: url)])
    }

    @Test("letters after a colon or in a dotted name stay as read", arguments: [
        ("example.com:Books", "example.com", "https://example.com"),
        ("http://example.com:lO/", "http://example.com", "http://example.com"),
        ("http://example.com:SOS", "http://example.com", "http://example.com"),
        ("http://example.com:8O8O8", "http://example.com", "http://example.com"),
        ("http://example.com:99999/", "http://example.com", "http://example.com"),
    ])
    func ocrNegatives(text: String, found: String, url: String) {
        #expect(linkMatches("see \(text) now") == [LinkMatch(text: found, url: url)])
    }

    @Test("misread addresses that do not validate are no links", arguments: [
        "http://lO.lO.lO.lO/", "http://192.168.1.B00/", "http://[lOlO::lO]/", "http:   //example.org",
    ])
    func ocrNoLinks(text: String) {
        #expect(linkMatches("see \(text) now").isEmpty)
    }

    @Test("hostile input finishes and finds what is there")
    func hostile() {
        let dots = String(repeating: "a.", count: 300_000)
        #expect(linkMatches(dots).isEmpty)
        let schemes = String(repeating: "http://", count: 100_000)
        #expect(linkMatches(schemes).isEmpty)
        let digits = String(repeating: "1", count: 1_000_000)
        #expect(linkMatches(digits).isEmpty)
        let periods = "http://example.com/path" + String(repeating: ".", count: 200_000)
        #expect(linkMatches(periods).map(\.text) == ["http://example.com/path"])
        let opens = "https://example.com/" + String(repeating: "(", count: 100_000)
        #expect(linkMatches(opens).count == 1)
        let labels = String(repeating: "www.", count: 100_000) + "example.com"
        #expect(linkMatches(labels).isEmpty)
        let ports = String(repeating: "http://a.io:3O0O ", count: 50_000)
        #expect(linkMatches(ports).count == 50_000)
        let blanks = String(repeating: "http  ://  ", count: 100_000)
        #expect(linkMatches(blanks).isEmpty)
        let many = String(repeating: "example.com ", count: 50_000)
        #expect(linkMatches(many).count == 50_000)
    }
}
