import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// OCR's blank after a dot or `@` inside an address or link (issue 18: monospace captures read
/// `first.last@example.org` as `first. last@example.org`). Every case is ours, written for the
/// rule: the joined form where the words allow it, the written one where a sentence ends, and
/// never a shorter valid address or link in place of the one on the screen.
@Suite("OCR's blanks inside addresses and links")
struct OCRSplitTokenTests {
    private func email(_ text: String) -> [String] {
        let scanned = ScannedText(text)
        return EmailDetector().detect(in: scanned, context: DetectionContext()).map { d in
            let alternative = d.value.string("alternative").map { " | " + $0 } ?? ""
            return scanned.string(d.range) + " → " + (d.value.string("address") ?? "?") + alternative
        }
    }

    private func links(_ text: String) -> [String] {
        let scanned = ScannedText(text)
        return LinkDetector().detect(in: scanned, context: DetectionContext()).map { d in
            scanned.string(d.range) + " → " + (d.value.string("url") ?? "?")
        }
    }

    @Test("a local part split after its dot is joined, with the short reading as the alternative")
    func joinedLocalPart() {
        #expect(email("Mail first. last@example.org today")
                == ["first. last@example.org → first.last@example.org | last@example.org"])
        #expect(email("Email: john. smith@example.com") == ["john. smith@example.com → john.smith@example.com | smith@example.com"])
        #expect(email("<John. Smith@example.com>") == ["John. Smith@example.com → John.Smith@example.com | Smith@example.com"])
        #expect(email("a.b. c@example.org") == ["a.b. c@example.org → a.b.c@example.org | c@example.org"])
    }

    @Test("a sentence before an address keeps it as written")
    func sentenceBeforeAddress() {
        // The brief's own example: "us" ends the sentence; the joined reading is only offered.
        #expect(email("Contact us. sales@x.com") == ["sales@x.com → sales@x.com | us.sales@x.com"])
        #expect(email("Write to it. support@company.com now")
                == ["support@company.com → support@company.com | it.support@company.com"])
        // A capital starts the sentence, or the address keeps its own case after one.
        #expect(email("Thanks. bob@example.com") == ["bob@example.com → bob@example.com"])
        #expect(email("Reply to us. Sales@example.com") == ["Sales@example.com → Sales@example.com"])
        // List markers and numbers.
        #expect(email("2. bob@example.com") == ["bob@example.com → bob@example.com"])
        #expect(email("a. bob@example.com") == ["bob@example.com → bob@example.com"])
    }

    @Test("no join across a line break, two blanks, or out of another token")
    func noJoin() {
        #expect(email("first.\nlast@example.org") == ["last@example.org → last@example.org"])
        #expect(email("first.  last@example.org") == ["last@example.org → last@example.org"])
        #expect(email("a@b.org. last@example.org").last == "last@example.org → last@example.org")
        // The joined local part would be longer than 64 scalars.
        let long = String(repeating: "a", count: 40)
        #expect(email("\(long). \(long)@example.org") == ["\(long)@example.org → \(long)@example.org"])
    }

    @Test("a domain split after a dot or after the @ is joined where it validates")
    func joinedDomain() {
        #expect(email("x@example. com") == ["x@example. com → x@example.com"])
        // "mail.example" is valid alone (.example is kept for documentation): cut, it is another domain.
        #expect(email("bob@mail.example. org.") == ["bob@mail.example. org → bob@mail.example.org"])
        #expect(email("sam.lee@ example.org") == ["sam.lee@ example.org → sam.lee@example.org"])
        // "net" and "de" are words: the sentence goes on.
        #expect(email("Email bob@example.com. net profits") == ["bob@example.com → bob@example.com"])
        #expect(email("meet me @ example.org") == [])
    }

    @Test("a link's host split after a dot is joined where it validates and cannot end a sentence")
    func links() {
        #expect(links("see https: //example. com/path ok") == ["https: //example. com/path → https://example.com/path"])
        // Cut at the blank, "mail.google" is a valid host of its own (.google is a top-level domain).
        #expect(links("https://mail.google. com/x") == ["https://mail.google. com/x → https://mail.google.com/x"])
        #expect(links("go to mail.google. com") == ["mail.google. com → https://mail.google.com"])
        #expect(links("open example. com/docs now") == ["example. com/docs → https://example.com/docs"])
        // Sentences: a capital after the stop, a continuation that is a host by itself, a word.
        #expect(links("Visit https://example.org. Then go") == ["https://example.org → https://example.org"])
        #expect(links("see the docs. example.org/x") == ["example.org/x → https://example.org/x"])
        #expect(links("Read example.com. it works") == ["example.com → https://example.com"])
        #expect(links("for example. net gains") == [])
        #expect(links("https://example.org.\ncom/x") == ["https://example.org → https://example.org"])
    }
}
